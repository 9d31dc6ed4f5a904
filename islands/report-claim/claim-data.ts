import { claimSeedAnswerSchema, claimsMatrixAnswerSchema, unwrapJsonString, type ClaimSeedData, type ClaimsMatrixRow } from '../../shared/claims/api-shapes'
import { MATRIX_EMPTY_MESSAGE, SEED_EMPTY_MESSAGE } from '../../shared/claims/messages'
import type { ReportClaimProps } from '../../shared/claims/schemas/claim-props'
import { getJson } from '../ui/api'
import { useRead } from '../ui/use-read'

const withQuery = (base: string, policyId: string, lossDate: string) => `${base}?${new URLSearchParams({ policyId, lossDate }).toString()}`

export interface LossData {
  matrix: ClaimsMatrixRow[]
  seed: ClaimSeedData | null
  /** What the top of the form lists: the server's Messages and ErrorMessages, or the empty-result texts. */
  messages: string[]
  loading: boolean
  /** Asks again for what failed or came back empty (the 'Try again' button); null when nothing did. */
  retry: (() => void) | null
}

type Urls = Pick<ReportClaimProps, 'family' | 'matrixUrl' | 'seedUrl'>

/**
 * The claims matrix and the claim seed data for (policyId, lossDate), loaded when a valid date of loss
 * is set (spec 001 section 4 step 2), kept per family, policy and date (a date chosen again is not asked
 * again). An empty result, a failed call or an answer of the wrong shape shows 'There was an error
 * getting matrix data' / 'There was an error getting seed data', with a retry that asks again in place.
 */
export function useLossData(urls: Urls, policyId: string, lossDate: string): LossData {
  const enabled = lossDate !== ''
  const key = enabled ? `${urls.family}|${policyId}|${lossDate}` : null
  const matrix = useRead(key, async () => claimsMatrixAnswerSchema.parse(unwrapJsonString(await getJson(withQuery(urls.matrixUrl, policyId, lossDate)))))
  const seed = useRead(key, async () => claimSeedAnswerSchema.parse(unwrapJsonString(await getJson(withQuery(urls.seedUrl, policyId, lossDate)))))
  const matrixSettled = enabled && !matrix.fetching
  const seedSettled = enabled && !seed.fetching
  const rows = matrix.data?.result ?? []
  const result = seed.data?.result ?? null
  const matrixMissing = matrixSettled && rows.length === 0
  const seedMissing = seedSettled && !result
  const messages: string[] = []
  if (matrixSettled) {
    messages.push(...(matrix.data?.Messages ?? []))
    if (matrixMissing && !messages.includes(MATRIX_EMPTY_MESSAGE)) messages.push(MATRIX_EMPTY_MESSAGE)
  }
  if (seedSettled) {
    messages.push(...(result?.ErrorMessages ?? []))
    if (!result) messages.push(SEED_EMPTY_MESSAGE)
    else if (seed.data?.message) messages.push(seed.data.message)
  }
  return {
    matrix: enabled ? rows : [],
    seed: enabled ? result : null,
    messages: [...new Set(messages)],
    loading: enabled && (matrix.fetching || seed.fetching),
    retry:
      matrixMissing || seedMissing
        ? () => {
            if (matrixMissing) matrix.refetch()
            if (seedMissing) seed.refetch()
          }
        : null,
  }
}
