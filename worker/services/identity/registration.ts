import type { Env } from '../../env'
import type { RegisterInput } from '../../../shared/identity/schemas/register'
import { LINKING_MSG } from '../../../shared/identity/schemas/profile-messages'
import { findProfileByEmail, findProfileByUserName, insertProfileWithPolicy, policyOwner, uniqueViolation } from '../../db/identity/profiles'
import { hashPassword } from '../../lib/password-hash'
import { checkPolicyIdentity, type LinkResult } from './policy-linking'
import { loadProfileView } from './profile'
import { newSession } from './session'
import type { Meta } from './session-rotation'
import { audit, auditStatement } from '../../db/audit'

/**
 * Register My Policy / POST /v1/profile. In this order, so nothing about a profile or a policy is told
 * to someone who cannot answer the policy's identity check:
 *   1. the identity check (per-policy failure counter; wrong last name, wrong date of birth and unknown
 *      number give one answer);
 *   2. the policy is not linked to a profile yet;
 *   3. the user name and the email address are free (case-insensitively);
 *   4. profile, link, audit line and the new profile's session are written in one transaction (the UNIQUE
 *      constraints settle any race).
 * A partner-serviced policy makes a sendToProgressive profile.
 */
export async function registerProfile(env: Env, input: RegisterInput, meta: Meta): Promise<LinkResult> {
  const identity = await checkPolicyIdentity(env, input, meta, null)
  if (!identity.ok) return identity
  if (await policyOwner(env.DB, input.policyID)) return refuse(env, meta, 'linked', LINKING_MSG.linkedElsewhere, input.policyID)
  if (await findProfileByUserName(env.DB, input.userName)) return refuse(env, meta, 'user_name', LINKING_MSG.userNameTaken, input.policyID)
  if (await findProfileByEmail(env.DB, input.emailAddress)) return refuse(env, meta, 'email', LINKING_MSG.emailTaken, input.policyID)

  const profileId = `p-${crypto.randomUUID()}`
  // The new profile is signed in by the same batch: a failure leaves no profile without its session,
  // so the retry the page asks for registers (not 'That user name is already in use.').
  const session = newSession(env, { kind: 'direct', profileId, ip: meta.ip, userAgent: meta.userAgent })
  try {
    await insertProfileWithPolicy(
      env.DB,
      {
        profileId,
        userName: input.userName,
        emailAddress: input.emailAddress,
        passwordHash: await hashPassword(input.password, env.PASSWORD_PEPPER),
        sendToProgressive: identity.sendToProgressive,
        createdAt: Date.now(),
      },
      input.policyID,
      [auditStatement(env, meta.requestId, 'profile.registered', profileId, input.policyID), session.statement],
    )
  } catch (err) {
    const column = uniqueViolation(err)
    if (column === 'user_name') return refuse(env, meta, 'user_name', LINKING_MSG.userNameTaken, input.policyID)
    if (column === 'email_address') return refuse(env, meta, 'email', LINKING_MSG.emailTaken, input.policyID)
    if (column === 'policy_id') return refuse(env, meta, 'linked', LINKING_MSG.linkedElsewhere, input.policyID)
    throw err
  }
  const { session: started, token } = await session.issue()
  const profile = await loadProfileView(env, profileId)
  return { ok: true, profile: profile!, session: started, token }
}

async function refuse(env: Env, meta: Meta, reason: string, errorMessage: string, policyId: string): Promise<{ ok: false; errorMessage: string }> {
  await audit(env, meta.requestId, `profile.register_refused_${reason}`, null, policyId)
  return { ok: false, errorMessage }
}
