/** The benchmark-only large policy: a demo policy with 100 times its payments, claims and documents. */
export const LARGE_POLICY_ID = 'HOM4099999'
export const SOURCE_POLICY_ID = 'HOM4010001'
const FACTOR = 100

export type Doc = Record<string, unknown>

/** Each item n times, with the fields that must stay unique (file names, claim numbers) suffixed. */
function times<T>(items: unknown, n: number, unique: (item: T, i: number) => T): T[] {
  const list = Array.isArray(items) ? (items as T[]) : []
  return Array.from({ length: n }, (_, i) => list.map((item) => (i === 0 ? item : unique(item, i)))).flat()
}

function suffixed(field: string) {
  return (item: Doc, i: number): Doc => (typeof item[field] === 'string' ? { ...item, [field]: `${item[field]}-${i}` } : item)
}

export function largeDoc(source: Doc): Doc {
  return {
    ...source,
    policyID: LARGE_POLICY_ID,
    payments: times<Doc>(source.payments, FACTOR, (p) => p),
    claims: times<Doc>(source.claims, FACTOR, suffixed('claimID')),
    policyDocuments: times<Doc>(source.policyDocuments, FACTOR, suffixed('fileName')),
    standardDocuments: times<Doc>(source.standardDocuments, FACTOR, suffixed('fileName')),
  }
}
