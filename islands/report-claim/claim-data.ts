import { useEffect, useState } from 'react'
import { claimSeedAnswerSchema, claimsMatrixAnswerSchema, unwrapJsonString, type ClaimSeedData, type ClaimsMatrixRow } from '../../shared/claims/api-shapes'
import { MATRIX_EMPTY_MESSAGE, SEED_EMPTY_MESSAGE } from '../../shared/claims/messages'
import { callApi } from '../ui/api'

/** An answer that arrived with a status other than 2xx: asking again at once would not change it. */
class HttpStatusError extends Error {}

/** One retry, and only for a failed connection (a flaky network), never for an answer the server gave. */
async function withOneRetry<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (err) {
    if (err instanceof TypeError) return load()
    throw err
  }
}

/** A GET whose body is the spec's JSON string. */
async function getJsonString(url: string): Promise<unknown> {
  const answer = await callApi(url)
  if (answer.status < 200 || answer.status > 299) throw new HttpStatusError(`HTTP ${answer.status}`)
  return unwrapJsonString(JSON.parse(answer.text))
}

const withQuery = (base: string, policyId: string, lossDate: string) => `${base}?${new URLSearchParams({ policyId, lossDate }).toString()}`

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
  const matrix = useAnswer(lossDate, () => getJsonString(withQuery(urls.matrixUrl, policyId, lossDate)).then((a) => claimsMatrixAnswerSchema.parse(a)))
  const seed = useAnswer(lossDate, () => getJsonString(withQuery(urls.seedUrl, policyId, lossDate)).then((a) => claimSeedAnswerSchema.parse(a)))
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

/**
 * The answer for one date of loss, loaded once per date and kept (a date chosen again is not asked
 * again); an answer for a date no longer shown is dropped. (Decision 106: this replaces React Query,
 * 10 KB gzip, which the page's budget needed for the draft and the files.)
 */
function useAnswer<T>(key: string, load: () => Promise<T>): { data: T | undefined; isPending: boolean } {
  const [answers, setAnswers] = useState<Record<string, { data: T | undefined }>>({})
  // biome-ignore lint/correctness/useExhaustiveDependencies: one load per date of loss
  useEffect(() => {
    if (key === '' || answers[key]) return
    let current = true
    withOneRetry(load).then(
      (data) => current && setAnswers((a) => ({ ...a, [key]: { data } })),
      () => current && setAnswers((a) => ({ ...a, [key]: { data: undefined } })),
    )
    return () => {
      current = false
    }
  }, [key])
  const answer = answers[key]
  return { data: answer?.data, isPending: key !== '' && !answer }
}
