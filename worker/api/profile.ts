import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../types'
import { loginSchema } from '../../shared/schemas/login'
import { MSG } from '../../shared/schemas/messages'
import { SESSION_ENDED } from '../../shared/routes'
import { registerApiSchema } from '../../shared/schemas/register'
import { addPolicyApiSchema } from '../../shared/schemas/add-policy'
import { profileApiSchema, passwordUpdateApiSchema } from '../../shared/schemas/manage-profile'
import { forgotPasswordApiSchema } from '../../shared/schemas/password-reset'
import { nicknameApiSchema, removePolicyApiSchema } from '../../shared/schemas/nickname'
import { PROFILE_MSG } from '../../shared/schemas/profile-messages'
import { jsonBody } from './validation'
import { loginOrIssue } from '../services/login-issue'
import { clientMeta } from '../services/client-meta'
import { ipBurstLimit } from '../middleware/rate-limit'
import { registerProfile } from '../services/registration'
import { addPolicyToProfile, removePolicyFromProfile, renamePolicy, verifyPolicy } from '../services/policy-linking'
import { changePassword, updateProfile } from '../services/profile-edit'
import { requestPasswordReset } from '../services/password-reset'
import { adoptSession } from '../services/session-rotation'
import { background } from '../services/background'

/**
 * /v1/profile (spec 000 section 7): login, registration, profile update, password update and forgot
 * password, verification, and the policy links. Business failures are 202 with errorMessage, as the spec
 * says; malformed input is a 400 with the schema's own message.
 */
export const profileApi = new Hono<AppEnv>()

const NOT_FOUND = { errorMessage: 'Not found.' }

/** A direct-login profile session; SSO sessions have no profile to edit. */
const requireProfile = createMiddleware<AppEnv>(async (c, next) => {
  const session = c.get('session')
  if (!session) return c.json({ errorMessage: SESSION_ENDED }, 401)
  if (session.kind !== 'direct' || !session.profileId) return c.json({ errorMessage: 'A profile login is needed.' }, 403)
  c.header('Cache-Control', 'no-store')
  await next()
})

/** The ProfileId in a body must be the session's own: never act on another profile (looks like missing). */
function ownProfile(sessionProfileId: string | null | undefined, given: string): boolean {
  return Boolean(sessionProfileId) && sessionProfileId === given
}

/** Login {userName, password}: profile and token data; 401 'Login Failed.'; 502 the issue message (spec 000 section 8). */
profileApi.post('/login', ipBurstLimit, jsonBody(loginSchema), async (c) => {
  const result = await loginOrIssue(c.env, c.req.valid('json'), clientMeta(c))
  if (result === 'issue') return c.json({ errorMessage: MSG.issue502 }, 502)
  if (!result.ok) return c.json({ errorMessage: result.errorMessage }, 401)
  c.header('Cache-Control', 'no-store')
  return c.json({ profile: result.profile, ...result.token })
})

/** Registration: 200 signs the new profile in (profile and token data); 202 carries errorMessage. */
profileApi.post('/', ipBurstLimit, jsonBody(registerApiSchema), async (c) => {
  const result = await registerProfile(c.env, c.req.valid('json'), clientMeta(c))
  c.header('Cache-Control', 'no-store')
  if (!result.ok) return c.json({ errorMessage: result.errorMessage }, 202)
  return c.json({ profile: result.profile, ...result.token })
})

/**
 * Update profile {UserName, EmailAddress, ProfileId, CurrentPassword}: the updated profile, or 202 with
 * errorMessage. CurrentPassword (ours, decision 130) is needed when the email address changes; a wrong
 * one is a 202 too, and counts toward the account's lockout.
 */
profileApi.put('/', requireProfile, jsonBody(profileApiSchema), async (c) => {
  const body = c.req.valid('json')
  const session = c.get('session')!
  if (!ownProfile(session.profileId, body.ProfileId)) return c.json(NOT_FOUND, 404)
  const change = { userName: body.UserName, emailAddress: body.EmailAddress, currentPassword: body.CurrentPassword }
  const result = await updateProfile(c.env, session.profileId!, change, clientMeta(c), background(c))
  if (!result.ok) return c.json({ errorMessage: result.errorMessage }, 202)
  return c.json(result.profile)
})

/**
 * Password update {Password, ProfileId, CurrentPassword}. Every session of the profile is revoked; the
 * caller gets a new one (token data in the body; a new cookie for a cookie caller). 202 is the failure:
 * 'Password update failed. Please try again.', or the current password's message (decision 130).
 */
profileApi.put('/password', requireProfile, jsonBody(passwordUpdateApiSchema), async (c) => {
  const body = c.req.valid('json')
  const session = c.get('session')!
  if (!ownProfile(session.profileId, body.ProfileId)) return c.json(NOT_FOUND, 404)
  const change = { password: body.Password, currentPassword: body.CurrentPassword }
  const result = await changePassword(c.env, session.profileId!, change, clientMeta(c), background(c))
  if (!result.ok) return c.json({ errorMessage: result.errorMessage }, 202)
  adoptSession(c, result.session, result.token)
  return c.json({ ...result.token })
})

/** Forgot password {Email}: always the same message, except the spec's 502 issue message. */
profileApi.post('/password', ipBurstLimit, jsonBody(forgotPasswordApiSchema), async (c) => {
  const result = await requestPasswordReset(c.env, c.req.valid('json').Email, clientMeta(c), background(c))
  if (!result.ok) return c.json({ errorMessage: MSG.issue502 }, 502)
  return c.json({ message: PROFILE_MSG.forgotPasswordSent })
})

/** Verification: {sendToProgressive, errorMessage}. Open to visitors (Find My Policy needs no session). */
profileApi.get('/verifyPgr/:policyId', ipBurstLimit, async (c) => {
  const session = c.get('session')
  const profileId = session?.kind === 'direct' ? session.profileId : null
  c.header('Cache-Control', 'no-store')
  return c.json(await verifyPolicy(c.env, c.req.param('policyId'), profileId))
})

/** Add a policy {profileId, userName, emailAddress, policyID, lastName, birthDate}: profile and token data. */
profileApi.post('/policy', ipBurstLimit, requireProfile, jsonBody(addPolicyApiSchema), async (c) => {
  const body = c.req.valid('json')
  const session = c.get('session')!
  if (!ownProfile(session.profileId, body.profileId)) return c.json(NOT_FOUND, 404)
  const result = await addPolicyToProfile(c.env, session, body, clientMeta(c))
  if (!result.ok) return c.json({ errorMessage: result.errorMessage }, 202)
  adoptSession(c, result.session, result.token)
  return c.json({ profile: result.profile, ...result.token })
})

/** Nickname {ProfileId, UserName, EmailAddress, PolicyID, Nickname}: the profile, or errorMessage. */
profileApi.put('/policy', requireProfile, jsonBody(nicknameApiSchema), async (c) => {
  const body = c.req.valid('json')
  const session = c.get('session')!
  if (!ownProfile(session.profileId, body.ProfileId)) return c.json(NOT_FOUND, 404)
  const result = await renamePolicy(c.env, session.profileId!, body.PolicyID, body.Nickname, clientMeta(c))
  if (!result.ok) return c.json({ errorMessage: result.errorMessage }, 202)
  return c.json(result.profile)
})

/** Remove {ProfileId, UserName, EmailAddress, PolicyID, Nickname} (JSON body): profile and token data. */
profileApi.delete('/policy', requireProfile, jsonBody(removePolicyApiSchema), async (c) => {
  const body = c.req.valid('json')
  const session = c.get('session')!
  if (!ownProfile(session.profileId, body.ProfileId)) return c.json(NOT_FOUND, 404)
  const result = await removePolicyFromProfile(c.env, session, body.PolicyID, clientMeta(c))
  if (!result.ok) return c.json({ errorMessage: result.errorMessage }, 202)
  adoptSession(c, result.session, result.token)
  return c.json({ profile: result.profile, ...result.token })
})
