import { useQuery } from '@tanstack/react-query'
import { JSON_HEADER } from '../../shared/site-request'
import {
  claimSeedAnswerSchema,
  claimsMatrixAnswerSchema,
  unwrapJsonString,
  type ClaimSeedData,
  type ClaimsMatrixRow,
} from '../../shared/claims/api-shapes'
import { MATRIX_EMPTY_MESSAGE, SEED_EMPTY_MESSAGE } from '../../shared/claims/messages'
import { HTTP_TIMEOUT_MS } from './submit-claim'

/** An answer that arrived with a status other than 2xx: asking again at once would not change it. */
class HttpStatusError extends Error {}

/** One retry, and only for a failed connection (a flaky network), never for an answer the server gave. */
const retryOnce = (failures: number, err: unknown) => failures < 1 && err instanceof TypeError

/** GET with the session cookie, the JSON header and the 30 s timeout; the body is the spec's JSON string. */
async function getJsonString(url: string): Promise<unknown> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), HTTP_TIMEOUT_MS)
  try {
    const res = await fetch(url, { headers: { ...JSON_HEADER, Accept: 'application/json' }, credentials: 'same-origin', signal: controller.signal })
    if (!res.ok) throw new HttpStatusError(`HTTP ${res.status}`)
    return unwrapJsonString(await res.json())
  } finally {
    clearTimeout(timer)
  }
}

const withQuery = (base: string, policyId: string, lossDate: string) =>
  `${base}?${new URLSearchParams({ policyId, lossDate }).toString()}`

export interface LossData {
  matrix: ClaimsMatrixRow[]
  seed: ClaimSeedData | null
  /** What the top of the form lists: the server's Messages and ErrorMessages, or the empty-result texts. */
  messages: string[]
  loading: boolean
}

/**
 * The claims matrix and the claim seed data for (policyId, lossDate), loaded when a valid date of loss
 * is set (spec 001 section 4 step 2). An empty result, a failed call or an answer of the wrong shape
 * shows 'There was an error getting matrix data' / 'There was an error getting seed data'.
 */
export function useLossData(urls: { matrixUrl: string; seedUrl: string }, policyId: string, lossDate: string): LossData {
  const enabled = lossDate !== ''
  const matrix = useQuery({
    queryKey: ['claims-matrix', policyId, lossDate],
    queryFn: async () => claimsMatrixAnswerSchema.parse(await getJsonString(withQuery(urls.matrixUrl, policyId, lossDate))),
    enabled,
    staleTime: Infinity,
    retry: retryOnce,
  })
  const seed = useQuery({
    queryKey: ['claim-seed', policyId, lossDate],
    queryFn: async () => claimSeedAnswerSchema.parse(await getJsonString(withQuery(urls.seedUrl, policyId, lossDate))),
    enabled,
    staleTime: Infinity,
    retry: retryOnce,
  })
  const messages: string[] = []
  if (enabled && !matrix.isPending) {
    const rows = matrix.data?.result ?? []
    messages.push(...(matrix.data?.Messages ?? []))
    if (rows.length === 0 && !messages.includes(MATRIX_EMPTY_MESSAGE)) messages.push(MATRIX_EMPTY_MESSAGE)
  }
  if (enabled && !seed.isPending) {
    const result = seed.data?.result ?? null
    messages.push(...(result?.ErrorMessages ?? []))
    if (!result) messages.push(SEED_EMPTY_MESSAGE)
    else if (seed.data?.message) messages.push(seed.data.message)
  }
  return {
    matrix: enabled ? (matrix.data?.result ?? []) : [],
    seed: enabled ? (seed.data?.result ?? null) : null,
    messages: [...new Set(messages)],
    loading: enabled && (matrix.isPending || seed.isPending),
  }
}
