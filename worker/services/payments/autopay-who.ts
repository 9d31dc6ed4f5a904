import type { Env } from '../../env'
import type { Session } from '../identity/session'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { findProfile } from '../../db/identity/profiles'
import type { AutopayWho } from './autopay'

/** The profile acting on a policy, and where the copy of the terms goes (the policy's email, else the profile's). */
export async function autopayWho(env: Env, session: Session, policy: Policy): Promise<AutopayWho> {
  const profile = session.profileId ? await findProfile(env.DB, session.profileId) : null
  return { profileId: session.profileId ?? '', sessionId: session.id, email: policy.email.trim() || profile?.email_address.trim() || '' }
}
