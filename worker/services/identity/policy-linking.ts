import type { Env } from '../../env'
import type { CounterRule } from '../../db/counters'
import { countedAttempt } from '../../db/counters'
import { findPolicyIdentity } from '../../db/identity/policy-identity'
import {
  deletePolicyLink,
  flagSendToProgressiveStatement,
  insertPolicyLinkStatement,
  isPolicyLinked,
  linkedPolicies,
  policyOwner,
  uniqueViolation,
  updateNickname,
} from '../../db/identity/profiles'
import { identityMatches } from '../../../shared/identity/identity'
import { isPolicyNumberFormat, normalizePolicyNumber } from '../../../shared/policy/policy-number'
import { canRemovePolicy, nicknameChanged, normalizeNickname } from '../../../shared/identity/nickname'
import type { VerificationResult } from '../../../shared/identity/find-policy'
import { LINKING_MSG } from '../../../shared/identity/schemas/profile-messages'
import { setCurrentPolicy } from '../../db/identity/sessions'
import { loadProfileView, type ProfileView } from './profile'
import { rotateSession, type Meta } from './session-rotation'
import type { IssuedToken, ProfileSession, Session } from './session'
import { audit, auditStatement } from '../../db/audit'

/**
 * Guessing a date of birth through registration or add policy: 5 wrong answers for one policy number
 * within 15 minutes lock that number for an hour. Unknown numbers count and lock exactly the same way,
 * so neither the answer nor the lock tells whether a policy exists.
 */
const VERIFY_RULE: CounterRule = { limit: 5, windowMs: 15 * 60_000, lockMs: 60 * 60_000 }

const verifyKey = (policyId: string) => `verify:${policyId}`

/**
 * GET /v1/profile/verifyPgr/{policyId}: whether the policy is serviced on the partner site. It does not
 * say whether an ordinary policy exists (Register/Add answer that, behind the identity check); it says
 * so when the number is malformed or already on the caller's own profile.
 */
export async function verifyPolicy(env: Env, rawPolicyId: string, profileId: string | null): Promise<VerificationResult> {
  const policyId = normalizePolicyNumber(rawPolicyId)
  if (!isPolicyNumberFormat(policyId)) return { sendToProgressive: false, errorMessage: LINKING_MSG.policyNumberFormat }
  if (profileId && (await isPolicyLinked(env.DB, profileId, policyId))) {
    return { sendToProgressive: false, errorMessage: LINKING_MSG.alreadyOnThisProfile }
  }
  const row = await findPolicyIdentity(env.DB, policyId)
  return { sendToProgressive: row?.send_to_progressive === 1, errorMessage: null }
}

export interface IdentityInput {
  policyID: string
  lastName: string
  birthDate: string | null
}

export type IdentityCheck = { ok: true; sendToProgressive: boolean } | { ok: false; errorMessage: string }

/** The identity check of Register and Add policy, behind the per-policy failure counter. */
export async function checkPolicyIdentity(env: Env, input: IdentityInput, meta: Meta, profileId: string | null): Promise<IdentityCheck> {
  const now = Date.now()
  const key = verifyKey(input.policyID)
  const row = await findPolicyIdentity(env.DB, input.policyID)
  const record = row
    ? { policyId: row.policy_id, lastName: row.last_name, birthDate: row.birth_date }
    : { policyId: input.policyID, lastName: '\u0000', birthDate: null }
  const attempt = await countedAttempt(env.DB, key, VERIFY_RULE, now, async (admitted) => admitted && row !== null && identityMatches(input, record))
  if (!attempt.passed || !row) {
    const locked = !attempt.passed && !attempt.admitted
    await audit(env, meta.requestId, locked ? 'policy.verify_locked' : 'policy.verify_failed', profileId, input.policyID)
    return { ok: false, errorMessage: locked ? LINKING_MSG.locked : LINKING_MSG.noMatch }
  }
  return { ok: true, sendToProgressive: row.send_to_progressive === 1 }
}

export type LinkResult = { ok: true; profile: ProfileView; session: Session; token: IssuedToken } | { ok: false; errorMessage: string }

/**
 * Add My Policy / POST /v1/profile/policy. A policy already on this profile says so; one linked to
 * another profile says so only after the identity check passed. Linking a partner-serviced policy flags
 * the profile sendToProgressive. The session is rotated: its scope grew.
 */
export async function addPolicyToProfile(env: Env, session: ProfileSession, input: IdentityInput, meta: Meta): Promise<LinkResult> {
  const profileId = session.profileId
  if (await isPolicyLinked(env.DB, profileId, input.policyID)) return { ok: false, errorMessage: LINKING_MSG.alreadyOnThisProfile }
  const identity = await checkPolicyIdentity(env, input, meta, profileId)
  if (!identity.ok) return identity
  if (await policyOwner(env.DB, input.policyID)) return linkedElsewhere(env, meta, profileId, input.policyID)
  try {
    // One batch: never a partner-serviced policy linked without the profile's flag (decision 144).
    await env.DB.batch([
      insertPolicyLinkStatement(env.DB, profileId, input.policyID),
      ...(identity.sendToProgressive ? [flagSendToProgressiveStatement(env.DB, profileId)] : []),
      auditStatement(env, meta.requestId, 'policy.linked', profileId, input.policyID),
    ])
  } catch (err) {
    if (uniqueViolation(err) === 'policy_id') return linkedElsewhere(env, meta, profileId, input.policyID)
    throw err
  }
  const next = await rotateSession(env, session, meta)
  const profile = await loadProfileView(env, profileId)
  return { ok: true, profile: profile!, ...next }
}

async function linkedElsewhere(env: Env, meta: Meta, profileId: string | null, policyId: string): Promise<{ ok: false; errorMessage: string }> {
  await audit(env, meta.requestId, 'policy.link_refused_linked', profileId, policyId)
  return { ok: false, errorMessage: LINKING_MSG.linkedElsewhere }
}

export type RenameResult = { ok: true; changed: boolean; profile: ProfileView } | { ok: false; errorMessage: string }

/** Spec 000 "Nickname edit": written only when it changed. */
export async function renamePolicy(env: Env, profileId: string, policyId: string, nickname: string, meta: Meta): Promise<RenameResult> {
  const current = (await linkedPolicies(env.DB, profileId)).find((p) => p.policy_id === policyId)
  if (!current) return { ok: false, errorMessage: LINKING_MSG.notOnProfile }
  const changed = nicknameChanged(current.nickname, nickname)
  if (changed) {
    await updateNickname(env.DB, profileId, policyId, normalizeNickname(nickname))
    await audit(env, meta.requestId, 'policy.renamed', profileId, policyId)
  }
  return { ok: true, changed, profile: (await loadProfileView(env, profileId))! }
}

/** Spec 000 "Remove policy": never the last one. The session is rotated: its scope shrank. */
export async function removePolicyFromProfile(env: Env, session: ProfileSession, policyId: string, meta: Meta): Promise<LinkResult> {
  const profileId = session.profileId
  const linked = await linkedPolicies(env.DB, profileId)
  if (!linked.some((p) => p.policy_id === policyId)) return { ok: false, errorMessage: LINKING_MSG.notOnProfile }
  if (!canRemovePolicy(linked.length) || !(await deletePolicyLink(env.DB, profileId, policyId))) {
    return { ok: false, errorMessage: LINKING_MSG.lastPolicy }
  }
  await audit(env, meta.requestId, 'policy.unlinked', profileId, policyId)
  const next = await rotateSession(env, session, meta)
  if (next.session.currentPolicyId === policyId) {
    await setCurrentPolicy(env.DB, next.session.id, null)
    next.session.currentPolicyId = null
  }
  return { ok: true, profile: (await loadProfileView(env, profileId))!, ...next }
}
