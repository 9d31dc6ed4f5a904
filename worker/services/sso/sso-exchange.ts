import type { Env } from '../../env'
import { identityService, type IdentityPort, type PickupFailure } from '../../integrations/identity'

export type ExchangeFailure = PickupFailure | 'fake-refused'

export type ExchangeResult =
  | { ok: true; policies: string[]; partnerToken: string | null; fake: boolean }
  /** `partnerToken`: the partner's token when the failed answer carried one (for the partner log). */
  | { ok: false; failure: ExchangeFailure; status: number | null; detail: string; partnerToken: string | null }

export const FAKE_PING_REFUSED = 'fakePingResponse is not accepted here.'

/**
 * The token for the user's policy list (spec 000 "SSO landing" step 4, the policies-from-ping call).
 * fakePingResponse grants exactly the requested policy without asking anyone, but only where the
 * caller found stand-ins allowed (`standInsAllowed`: development, from loopback); anywhere else it is
 * refused whatever is sent. Otherwise the identity service's reference pickup answers, once per reference.
 */
export async function exchangeSsoToken(
  env: Env,
  input: { tokenId?: string | null; policyId?: string | null; fake: boolean; fakeAllowed?: boolean },
  deps: { identity?: IdentityPort } = {},
): Promise<ExchangeResult> {
  if (input.fake) {
    if (input.fakeAllowed !== true)
      return { ok: false, failure: 'fake-refused', status: null, detail: `fakePingResponse refused (${env.ENVIRONMENT})`, partnerToken: null }
    return { ok: true, policies: input.policyId ? [input.policyId] : [], partnerToken: null, fake: true }
  }
  if (!input.tokenId) return { ok: false, failure: 'invalid-reference', status: null, detail: 'no token', partnerToken: null }
  const result = await (deps.identity ?? identityService(env)).pickup(input.tokenId)
  if (!result.ok) return { ok: false, failure: result.failure, status: result.status, detail: result.detail, partnerToken: result.partnerLoggingToken ?? null }
  return { ok: true, policies: result.attributes.policies, partnerToken: result.attributes.partnerLoggingToken, fake: false }
}

/** How a failed exchange reads to the caller: the identity service at fault (502) or the reference (401). */
export function exchangeFailureStatus(failure: ExchangeFailure): 401 | 403 | 502 {
  if (failure === 'fake-refused') return 403
  return failure === 'unavailable' || failure === 'rejected-credentials' ? 502 : 401
}
