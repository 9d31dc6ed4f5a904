/**
 * The rules `npm run deploy:check` (scripts/deploy-check.ts) applies to wrangler.toml's production
 * environment, apart from running wrangler so that tests can feed them broken configurations. What is
 * required comes from worker/env.ts itself (its settings schema, PRODUCTION_REQUIRED, its Env
 * interface), never from a second list kept here. Decision 197.
 */
import type { Unstable_Config } from 'wrangler'
import { passkeysWorkAt, relyingParty } from '../shared/identity/passkeys'

export interface Check {
  ok: boolean
  name: string
  detail: string
}

/** The part of wrangler's resolved configuration (one environment) the rules read. */
export type DeployConfig = Pick<
  Unstable_Config,
  'vars' | 'secrets' | 'd1_databases' | 'kv_namespaces' | 'r2_buckets' | 'ratelimits' | 'assets' | 'triggers' | 'routes' | 'workers_dev'
>

const KiB = 1024
const MiB = 1024 * KiB

/**
 * Cloudflare's Worker size limits (developers.cloudflare.com/workers/platform/limits/#worker-size, read
 * 2026-11-28). Until 2026-09-04 the upload was limited after gzip: 3 MiB on the Workers Free plan, 10 MiB
 * on Workers Paid (wrangler 4.86 still colours its report against the 3 MiB). Since then every plan has
 * one limit, 64 MiB uncompressed. The portal keeps the Free plan's 3 MiB gzip as its target: the strictest
 * figure, so the bundle deploys on any plan, and startup time (1 s limit) grows with the code to parse.
 */
export const WORKER_SIZE_LIMITS = { gzipBytes: 3 * MiB, uncompressedBytes: 64 * MiB } as const

/**
 * A source map is uploaded beside the Worker, not in it: it counts toward no Worker size limit, and has its
 * own, 15 MB after gzip (developers.cloudflare.com/workers/observability/source-maps/, read 2026-11-28).
 */
export const SOURCE_MAP_GZIP_LIMIT = 15 * 1000 * 1000

export interface UploadSize {
  bytes: number
  gzipBytes: number
}

const kib = (bytes: number) => `${(bytes / KiB).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} KiB`

/** The source maps' own limit, when the configuration uploads them (upload_source_maps). */
function sourceMapCheck(gzipBytes: number, limit: number = SOURCE_MAP_GZIP_LIMIT): Check {
  return {
    ok: gzipBytes <= limit,
    name: 'source maps',
    detail: `${kib(gzipBytes)} gzip of the ${(limit / 1e6).toFixed(0)} MB a source map may have (uploaded beside the Worker, counted in no Worker size limit)`,
  }
}

/**
 * With upload_source_maps on, the maps the build wrote, against their limit: none written is a failure
 * (nothing would be uploaded, and 0 KiB under the limit is no pass).
 */
export function uploadedSourceMapCheck(mapFiles: number, gzipBytes: number, limit: number = SOURCE_MAP_GZIP_LIMIT): Check {
  if (mapFiles === 0) return { ok: false, name: 'source maps', detail: 'upload_source_maps is on but the build wrote no source map' }
  return sourceMapCheck(gzipBytes, limit)
}

export function sizeChecks(size: UploadSize, limits: { gzipBytes: number; uncompressedBytes: number } = WORKER_SIZE_LIMITS): Check[] {
  const figure = (used: number, limit: number, what: string) => {
    const share = Math.round((used / limit) * 100)
    return used <= limit
      ? `${kib(used)} ${what} of ${kib(limit)}: ${kib(limit - used)} headroom (${share}% used)`
      : `${kib(used)} ${what} is over ${kib(limit)} by ${kib(used - limit)} (${share}%)`
  }
  return [
    {
      ok: size.gzipBytes <= limits.gzipBytes,
      name: 'size (gzip)',
      detail: `${figure(size.gzipBytes, limits.gzipBytes, 'gzip')}; target: the strictest Workers limit, the Free plan's compressed one until 2026-09-04 (Paid's was 10 MiB)`,
    },
    {
      ok: size.bytes <= limits.uncompressedBytes,
      name: 'size (raw)',
      detail: `${figure(size.bytes, limits.uncompressedBytes, 'uncompressed')}; the limit on every plan since 2026-09-04`,
    },
  ]
}

/** What worker/env.ts exports about its settings. */
export interface SettingsRules {
  shape: Record<string, { safeParse(value: unknown): { success: boolean } }>
  deployedRequired: readonly string[]
}

/** Every setting a deployed environment must have: those the schema does not let be absent, and PRODUCTION_REQUIRED. */
export function requiredWhenDeployed(rules: SettingsRules): string[] {
  return Object.keys(rules.shape).filter((name) => !rules.shape[name]!.safeParse(undefined).success || rules.deployedRequired.includes(name))
}

/**
 * Every required setting is declared once, as a var or as a secret's name; nothing declared is unknown to
 * env.ts; no secret (a name .dev.vars.example holds locally) has its value committed as a var.
 */
export function settingsCheck(rules: SettingsRules, config: DeployConfig, localSecretNames: readonly string[]): Check {
  const vars = Object.keys(config.vars)
  const secrets = config.secrets?.required ?? []
  const required = requiredWhenDeployed(rules)
  const problems: string[] = []
  const missing = required.filter((n) => !vars.includes(n) && !secrets.includes(n))
  if (missing.length)
    problems.push(`not declared: ${missing.join(', ')} (a var in [env.production.vars], or a secret's name in [env.production.secrets] required)`)
  const twice = vars.filter((n) => secrets.includes(n))
  if (twice.length) problems.push(`both a var and a secret: ${twice.join(', ')}`)
  const unknown = [...vars, ...secrets].filter((n) => !(n in rules.shape))
  if (unknown.length) problems.push(`not a setting worker/env.ts knows: ${unknown.join(', ')}`)
  const committed = vars.filter((n) => localSecretNames.includes(n))
  if (committed.length) problems.push(`secrets (.dev.vars.example) with a value committed in [env.production.vars]: ${committed.join(', ')}`)
  if (problems.length) return { ok: false, name: 'settings', detail: problems.join('; ') }
  const requiredSecrets = required.filter((n) => secrets.includes(n)).length
  const optional = Object.keys(rules.shape).filter((n) => !required.includes(n))
  return {
    ok: true,
    name: 'settings',
    detail:
      `all ${required.length} settings env.ts requires deployed are declared: ${required.length - requiredSecrets} vars, ${requiredSecrets} secrets (names only)` +
      (optional.length ? `; not needed deployed: ${optional.join(', ')}` : ''),
  }
}

/**
 * The committed vars pass env.ts's own check as the environment they name, with a stand-in value for each
 * secret (the real ones are set in Cloudflare): URLs, the mail sender, the passkey domain, no /__dev stand-ins.
 */
export function valuesCheck(checkEnv: (env: Record<string, unknown>) => void, config: DeployConfig, environment: string): Check {
  const name = 'values'
  if (config.vars.ENVIRONMENT !== environment) {
    return { ok: false, name, detail: `[env.${environment}.vars] ENVIRONMENT is ${JSON.stringify(config.vars.ENVIRONMENT)}, not "${environment}"` }
  }
  const standIns = Object.fromEntries((config.secrets?.required ?? []).map((s) => [s, `stand-in-value-for-${s}`.padEnd(48, '0')]))
  try {
    checkEnv({ ...config.vars, ...standIns })
  } catch (err) {
    return { ok: false, name, detail: (err as Error).message }
  }
  return { ok: true, name, detail: `[env.${environment}.vars] pass worker/env.ts's checkEnv as ${environment} (secrets stood in)` }
}

/** Passkeys need the portal on its own domain: the custom domain, PORTAL_BASE_URL and the relying party agree. */
export function domainCheck(config: DeployConfig): Check {
  const name = 'domain'
  const domains = (config.routes ?? []).flatMap((r) => (typeof r === 'object' && 'custom_domain' in r && r.custom_domain ? [r.pattern] : []))
  const problems: string[] = []
  if (!domains.length) problems.push('no custom domain in routes (passkeys need the portal on its own domain)')
  if (config.workers_dev !== false) problems.push('workers_dev is not false: the portal would also answer on *.workers.dev, where its passkeys do not work')
  const vars = config.vars as Record<string, string | undefined>
  let base: URL | null = null
  try {
    base = new URL(vars.PORTAL_BASE_URL ?? '')
  } catch {
    problems.push('PORTAL_BASE_URL is not a URL')
  }
  if (base) {
    if (base.protocol !== 'https:') problems.push(`PORTAL_BASE_URL ${base.origin} is not https`)
    if (domains.length && !domains.includes(base.hostname))
      problems.push(`PORTAL_BASE_URL's host ${base.hostname} is not a custom domain (${domains.join(', ')})`)
    const rp = { WEBAUTHN_RP_ID: vars.WEBAUTHN_RP_ID ?? '', WEBAUTHN_ORIGINS: vars.WEBAUTHN_ORIGINS ?? '' }
    if (!passkeysWorkAt(rp, base.hostname)) problems.push(`WEBAUTHN_RP_ID ${rp.WEBAUTHN_RP_ID} is neither ${base.hostname} nor a domain above it`)
    if (!relyingParty(rp).origins.includes(base.origin)) problems.push(`WEBAUTHN_ORIGINS does not list ${base.origin}`)
  }
  if (problems.length) return { ok: false, name, detail: problems.join('; ') }
  return {
    ok: true,
    name,
    detail: `custom domain ${domains.join(', ')} = PORTAL_BASE_URL's host, within WEBAUTHN_RP_ID ${vars.WEBAUTHN_RP_ID}, listed in WEBAUTHN_ORIGINS`,
  }
}

/** How wrangler.toml declares each kind of binding the Env interface can hold. */
const BINDING_KINDS: Record<string, { label: string; declared(config: DeployConfig, name: string): boolean }> = {
  D1Database: { label: 'D1', declared: (c, n) => c.d1_databases.some((b) => b.binding === n) },
  KVNamespace: { label: 'KV', declared: (c, n) => c.kv_namespaces.some((b) => b.binding === n) },
  R2Bucket: { label: 'R2', declared: (c, n) => c.r2_buckets.some((b) => b.binding === n) },
  Fetcher: { label: 'assets', declared: (c, n) => c.assets?.binding === n },
  RateLimit: { label: 'rate limit', declared: (c, n) => c.ratelimits.some((b) => b.name === n) },
}

/** The members of worker/env.ts's `Env` interface that are not strings: its bindings, with their type. */
export function bindingsOfEnv(envSource: string): { name: string; type: string }[] {
  const body = /export interface Env \{([\s\S]*?)\n\}/.exec(envSource)?.[1] ?? ''
  return [...body.matchAll(/^\s*([A-Z][A-Z0-9_]*)\??:\s*([A-Za-z0-9]+)\s*$/gm)].filter((m) => m[2] !== 'string').map((m) => ({ name: m[1]!, type: m[2]! }))
}

export function bindingsCheck(bindings: { name: string; type: string }[], config: DeployConfig): Check {
  const name = 'bindings'
  if (!bindings.length) return { ok: false, name, detail: 'no binding found in worker/env.ts (export interface Env): the check cannot read it' }
  const problems = bindings.flatMap((b) => {
    const kind = BINDING_KINDS[b.type]
    if (!kind) return [`${b.name}: ${b.type} is a kind this check does not know (add it to BINDING_KINDS in scripts/deploy-readiness.ts)`]
    return kind.declared(config, b.name) ? [] : [`${b.name} (${kind.label}) is not declared`]
  })
  if (problems.length) return { ok: false, name, detail: problems.join('; ') }
  return { ok: true, name, detail: bindings.map((b) => `${b.name} (${BINDING_KINDS[b.type]!.label})`).join(', ') }
}

/** The worker's scheduled handler (worker/index.ts) has a cron to run it, and a cron has a handler. */
export function cronCheck(indexSource: string, config: DeployConfig): Check {
  const scheduled = /export default \{[^}]*\bscheduled\b/.test(indexSource)
  const crons = config.triggers.crons ?? []
  if (scheduled && !crons.length)
    return { ok: false, name: 'cron', detail: 'worker/index.ts has a scheduled handler but [triggers] crons is empty: the outbox would never drain' }
  if (!scheduled && crons.length) return { ok: false, name: 'cron', detail: `crons ${JSON.stringify(crons)} but worker/index.ts exports no scheduled handler` }
  return { ok: true, name: 'cron', detail: scheduled ? `scheduled handler on ${JSON.stringify(crons)}` : 'no scheduled work' }
}

/** Table names SQL in this source reads or writes (keywords upper case, tables lower case, as the code writes them). */
export function tablesNamedInSql(source: string): Set<string> {
  // After FROM or JOIN, a name followed by '(' is a table-valued function (json_each); after INTO, '(' opens the columns.
  const read = /\b(?:FROM|JOIN)\s+([a-z_][a-z0-9_]*)\b(?!\s*\()/g
  const written = /\b(?:INTO|UPDATE)\s+([a-z_][a-z0-9_]*)\b/g
  return new Set([...source.matchAll(read), ...source.matchAll(written)].map((m) => m[1]!))
}

/** Every table the worker's SQL names exists in the migrated schema. */
export function schemaCheck(used: Map<string, string[]>, present: Set<string>, migrations: number): Check {
  const missing = [...used].filter(([table]) => !present.has(table))
  if (missing.length) {
    return {
      ok: false,
      name: 'schema',
      detail: `no migration creates ${missing.map(([t, files]) => `${t} (named in ${files.join(', ')})`).join('; ')}`,
    }
  }
  return { ok: true, name: 'schema', detail: `${migrations} migrations made ${present.size} tables; the ${used.size} the worker's SQL names are all there` }
}
