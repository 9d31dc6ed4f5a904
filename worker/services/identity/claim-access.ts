import type { Env } from '../../env'
import { reserveSlots, type CounterRule } from '../../db/counters'
import { findPolicyIdentity } from '../../db/identity/policy-identity'
import { findPolicy } from '../../db/policy/policies'
import { setCurrentPolicy } from '../../db/identity/sessions'
import { audit } from '../../db/audit'
import { claimIdentityMatches, type ClaimIdentityInput } from '../../../shared/identity/claim-identity'
import { mayReportClaim } from '../../../shared/policy/permissions'
import { startSession, type IssuedToken, type Session } from './session'
import type { Meta } from './session-rotation'

/**
 * Reporting a claim without signing in (issue 35 item 1, decision 220). Every attempt takes a slot per
 * address and per policy number BEFORE the details are read (reserveSlots, decisions 203 and 185): a
 * burst meets each limit exactly. The attempts that pass count too, so a policy opens at most 5 claim
 * sessions in 15 minutes. An unknown number costs the same reads and gives the same answer as a wrong
 * name.
 */
const CLAIM_ACCESS_RULES = {
  perPolicy: { limit: 5, windowMs: 15 * 60_000, lockMs: 0 } satisfies CounterRule,
  /** A household or an office behind one address reports a few claims; a guesser tries many numbers. */
  perAddress: { limit: 20, windowMs: 15 * 60_000, lockMs: 0 } satisfies CounterRule,
}

export interface ClaimAccessInput extends ClaimIdentityInput {
  policyId: string
}

export type ClaimAccess =
  | { kind: 'started'; session: Session; token: IssuedToken }
  /** The details matched, but this policy cannot report a claim online (cancelled, excess flood): call. */
  | { kind: 'call' }
  | { kind: 'no-match' }
  | { kind: 'too-many'; retryAfterSeconds: number }

export async function startClaimAccess(env: Env, input: ClaimAccessInput, meta: Meta): Promise<ClaimAccess> {
  const now = Date.now()
  const slots = await reserveSlots(
    env.DB,
    [
      { key: `claim-access:ip:${meta.ip}`, rule: CLAIM_ACCESS_RULES.perAddress },
      { key: `claim-access:policy:${input.policyId}`, rule: CLAIM_ACCESS_RULES.perPolicy },
    ],
    now,
  )
  if (!slots.ok) {
    await audit(env, meta.requestId, 'claim_access.limited', null, input.policyId)
    return { kind: 'too-many', retryAfterSeconds: slots.retryAfterSeconds }
  }
  const [identity, policy] = await Promise.all([findPolicyIdentity(env.DB, input.policyId), findPolicy(env.DB, input.policyId)])
  const record = identity && policy ? { lastName: identity.last_name, birthDate: identity.birth_date, zipCodes: zipCodesOf(policy) } : null
  if (!record || !policy || !claimIdentityMatches(input, record)) {
    await audit(env, meta.requestId, 'claim_access.failed', null, input.policyId)
    return { kind: 'no-match' }
  }
  if (!mayReportClaim(policy)) return { kind: 'call' }
  const started = await startSession(env, { kind: 'claim', profileId: null, ssoScope: [policy.policyID], ip: meta.ip, userAgent: meta.userAgent })
  await setCurrentPolicy(env.DB, started.session.id, policy.policyID)
  started.session.currentPolicyId = policy.policyID
  await audit(env, meta.requestId, 'claim_access.started', null, policy.policyID)
  return { kind: 'started', ...started }
}

function zipCodesOf(policy: { riskAddresses: { zipCode: string }[]; mailingAddress: { zipCode: string } }): string[] {
  return [...policy.riskAddresses.map((a) => a.zipCode), policy.mailingAddress.zipCode]
}
