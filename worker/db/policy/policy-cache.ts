import { policySchema, type Policy } from '../../../shared/policy/schemas/policy'

/**
 * Parsed policy documents kept per isolate (decision 141), keyed by policy id and valid only for the
 * version the row holds (migration 0012: a new random version on every write of the document). A read
 * sends the versions it holds; the database answers the document only when the version differs, so a
 * hit costs neither the transfer nor the JSON and schema parse (12 ms for a policy with 100x the
 * payments). Documents are frozen: a page that tried to change a shared one would fail loudly.
 */
const MAX_ENTRIES = 32
const cache = new Map<string, { version: string; policy: Policy }>()

/**
 * The versions held, as the JSON object the policy queries take ({ policyId: version }). Versions are
 * random 64-bit integers: a JavaScript number rounds them past 2^53 (a rounded version never matched,
 * so every read missed the cache), hence they travel as text both ways (versionColumn).
 */
export function heldVersions(): string {
  const held: Record<string, string> = {}
  for (const [id, e] of cache) held[id] = e.version
  return JSON.stringify(held)
}

/** SQL: the row's version as text, exact (a 64-bit integer read as a JavaScript number is not). */
export function versionColumn(table: string): string {
  return `CAST(${table}.version AS TEXT)`
}

/** SQL: the document, or NULL when the isolate already holds this version (?held is heldVersions()). */
export function docUnlessHeld(table: string, held: string): string {
  return `CASE WHEN ${versionColumn(table)} = (SELECT value FROM json_each(${held}) WHERE key = ${table}.policy_id) THEN NULL ELSE ${table}.doc END`
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const v of Object.values(value)) deepFreeze(v)
  }
  return value
}

/**
 * The policy of a row read with docUnlessHeld: from the cache when doc is NULL, else parsed and kept.
 * Undefined when doc is NULL but the entry left the cache meanwhile (another request of this isolate
 * pushed it out): the caller reads again without held versions.
 */
export function policyOf(policyId: string, version: string, doc: string | null): Policy | undefined {
  return held(policyId, version, doc) ?? (doc === null ? undefined : keep(policyId, version, policySchema.parse(JSON.parse(doc))))
}

/**
 * The same for a reader that shows what it can of a document that does not read as a policy (Account
 * Home's cards): null then, and nothing kept, so the next read sends the document again.
 */
export function policyOrInvalidOf(policyId: string, version: string, doc: string | null): Policy | null | undefined {
  const cached = held(policyId, version, doc)
  if (cached || doc === null) return cached
  let raw: unknown
  try {
    raw = JSON.parse(doc)
  } catch {
    return null
  }
  const parsed = policySchema.safeParse(raw)
  return parsed.success ? keep(policyId, version, parsed.data) : null
}

function held(policyId: string, version: string, doc: string | null): Policy | undefined {
  const entry = cache.get(policyId)
  if (doc !== null || !entry || entry.version !== version) return undefined
  cache.delete(policyId) // re-insert: the Map's order is the LRU order
  cache.set(policyId, entry)
  return entry.policy
}

function keep(policyId: string, version: string, parsed: Policy): Policy {
  const policy = deepFreeze(parsed)
  cache.delete(policyId)
  cache.set(policyId, { version, policy })
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!)
  return policy
}
