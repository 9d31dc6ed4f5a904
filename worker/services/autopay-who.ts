import type { Context } from 'hono'
import type { AppEnv } from '../types'
import type { Policy } from '../../shared/schemas/policy'
import { findProfile } from '../db/profiles'
import type { AutopayWho } from './autopay'

/** The profile acting on a policy page, and where the copy of the terms goes (the policy's email, else the profile's). */
export async function whoOfPage(c: Context<AppEnv>, policy: Policy): Promise<AutopayWho> {
  const session = c.get('session')!
  const profile = session.profileId ? await findProfile(c.env.DB, session.profileId) : null
  return { profileId: session.profileId ?? '', sessionId: session.id, email: policy.email.trim() || profile?.email_address.trim() || '' }
}
