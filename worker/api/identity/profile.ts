import type { OpenAPIHono } from '@hono/zod-openapi'
import { z } from '@hono/zod-openapi'
import type { AppEnv } from '../../types'
import { loginSchema } from '../../../shared/identity/schemas/login'
import { MSG } from '../../../shared/forms/messages'
import { registerApiSchema } from '../../../shared/identity/schemas/register'
import { addPolicyApiSchema } from '../../../shared/identity/schemas/add-policy'
import { profileApiSchema, passwordUpdateApiSchema } from '../../../shared/identity/schemas/manage-profile'
import { forgotPasswordApiSchema } from '../../../shared/identity/schemas/password-reset'
import { nicknameApiSchema, removePolicyApiSchema } from '../../../shared/identity/schemas/nickname'
import { PROFILE_MSG } from '../../../shared/identity/schemas/profile-messages'
import { RATE_RULES } from '../../middleware/rate-rules'
import { loginOrIssue } from '../../services/identity/login-issue'
import { clientMeta } from '../../services/request/client-meta'
import { signInMeta } from '../../services/identity/sign-in-meta'
import { loadProfileView } from '../../services/identity/profile'
import { profileChangeNeedsStepUp, stepUpRequired } from '../../services/identity/step-up-rule'
import { STEP_UP_403, stepUpProblem } from '../step-up-refusal'
import { writeDeviceCookie } from '../../services/identity/device-cookie'
import { registerProfile } from '../../services/identity/registration'
import { addPolicyToProfile, removePolicyFromProfile, renamePolicy, verifyPolicy } from '../../services/identity/policy-linking'
import { changePassword, updateProfile } from '../../services/identity/profile-edit'
import { requestPasswordReset } from '../../services/identity/password-reset'
import { adoptSession } from '../../services/identity/session-rotation'
import { background } from '../../lib/background'
import { defineOperation, problemContent, register } from '../operation'
import { problem, NOT_FOUND } from '../../render/problem'
import { ErrorMessageSchema, json, jsonBody, PolicyIdParam, ProfileSchema, ProfileWithTokenSchema, TokenSchema } from '../schemas'

/**
 * /v1/profile (spec 000 section 7): login, registration, profile update, password update and forgot
 * password, verification, and the policy links. Business failures are 202 with errorMessage, as the spec
 * says; malformed input is a 400 problem with the schema's own messages.
 */
const tags = ['profile']
const CodeSentSchema = z.object({ errorMessage: z.string(), codeRequired: z.literal(true), signInId: z.string() }).openapi('CodeSent')
const refusedIn202 = json(ErrorMessageSchema, 'Refused, in words a person reads (spec 000 section 7).')

const login = defineOperation(
  {
    method: 'post',
    path: '/profile/login',
    tags,
    summary: 'Sign in with a user name and password',
    request: jsonBody(loginSchema),
    responses: {
      200: json(ProfileWithTokenSchema, 'Signed in.'),
      202: json(CodeSentSchema, '2-step sign-in is on: a code was emailed; send it to /v1/profile/login/code with signInId.'),
      401: problemContent("'Login Failed.'"),
      502: problemContent('The sign-in service failed.'),
    },
  },
  // Failed sign-ins count per address, successful ones never (a crowd behind one address: decision 185).
  { auth: 'anyone', rate: RATE_RULES.loginFailures },
)

const registration = defineOperation(
  {
    method: 'post',
    path: '/profile',
    tags,
    summary: 'Register a profile with a policy',
    request: jsonBody(registerApiSchema),
    responses: { 200: json(ProfileWithTokenSchema, 'Registered and signed in.'), 202: refusedIn202 },
  },
  { auth: 'anyone', ipBurst: true, rate: RATE_RULES.register },
)

/**
 * Update profile {UserName, EmailAddress, ProfileId, CurrentPassword}. CurrentPassword (ours, decision
 * 130) is needed when the email address changes; a wrong one is a 202 too, and counts toward lockout.
 */
const updateProfileOp = defineOperation(
  {
    method: 'put',
    path: '/profile',
    tags,
    summary: 'Change the user name or email address',
    request: jsonBody(profileApiSchema),
    responses: { 200: json(ProfileSchema, 'The updated profile.'), 202: refusedIn202, 403: STEP_UP_403 },
  },
  { auth: 'profile', rate: RATE_RULES.profile },
)

/**
 * Password update. Every session of the profile is revoked; the caller gets a new one (token data in the
 * body; a new cookie for a cookie caller). 202: 'Password update failed. Please try again.', or the
 * current password's message (decision 130).
 */
const changePasswordOp = defineOperation(
  {
    method: 'put',
    path: '/profile/password',
    tags,
    summary: 'Change the password',
    request: jsonBody(passwordUpdateApiSchema),
    responses: { 200: json(TokenSchema, 'Changed; every other session ended.'), 202: refusedIn202, 403: STEP_UP_403 },
  },
  { auth: 'profile', rate: RATE_RULES.profileChanges },
)

const forgotPassword = defineOperation(
  {
    method: 'post',
    path: '/profile/password',
    tags,
    summary: 'Mail a password reset link',
    request: jsonBody(forgotPasswordApiSchema),
    responses: {
      200: json(z.object({ message: z.string() }), 'The same answer whether or not the address exists.'),
      502: problemContent('The mail service failed.'),
    },
  },
  { auth: 'anyone', ipBurst: true },
)

/** Open to visitors (Find My Policy needs no session). */
const verifyPgr = defineOperation(
  {
    method: 'get',
    path: '/profile/verifyPgr/{policyId}',
    tags,
    summary: 'Is this policy serviced by the partner?',
    request: { params: PolicyIdParam },
    responses: { 200: json(z.object({ sendToProgressive: z.boolean(), errorMessage: z.string() }), 'The verdict.') },
  },
  { auth: 'anyone', ipBurst: true, rate: RATE_RULES.verifyPgr },
)

const addPolicy = defineOperation(
  {
    method: 'post',
    path: '/profile/policy',
    tags,
    summary: 'Link a policy to the profile',
    request: jsonBody(addPolicyApiSchema),
    responses: { 200: json(ProfileWithTokenSchema, 'Linked; a new session.'), 202: refusedIn202 },
  },
  { auth: 'profile', ipBurst: true },
)

const renamePolicyOp = defineOperation(
  {
    method: 'put',
    path: '/profile/policy',
    tags,
    summary: "Change a linked policy's nickname",
    request: jsonBody(nicknameApiSchema),
    responses: { 200: json(ProfileSchema, 'The profile.'), 202: refusedIn202 },
  },
  { auth: 'profile', rate: RATE_RULES.profileChanges },
)

const removePolicyOp = defineOperation(
  {
    method: 'delete',
    path: '/profile/policy',
    tags,
    summary: 'Unlink a policy from the profile',
    request: jsonBody(removePolicyApiSchema),
    responses: { 200: json(ProfileWithTokenSchema, 'Unlinked; a new session.'), 202: refusedIn202, 403: STEP_UP_403 },
  },
  { auth: 'profile', rate: RATE_RULES.profileChanges },
)

/** Ours: the 202 of a login that needs its second step. */
const CODE_SENT = 'Enter the 6-digit code we emailed to the address of your profile.'

/** The ProfileId in a body must be the session's own: never act on another profile (looks like missing). */
function ownProfile(profileId: string, given: string): boolean {
  return profileId === given
}

export function profileOperations(api: OpenAPIHono<AppEnv>): void {
  register(api, login, async (c) => {
    const result = await loginOrIssue(c.env, c.req.valid('json'), await signInMeta(c))
    if (result === 'issue') return problem(c, 502, MSG.issue502)
    c.header('Cache-Control', 'no-store')
    if (!result.ok && result.codeSent) return c.json({ errorMessage: CODE_SENT, codeRequired: true as const, signInId: result.codeId }, 202)
    if (!result.ok) {
      c.set('countsAgainstLimit', true)
      return problem(c, 401, result.errorMessage)
    }
    await writeDeviceCookie(c, result.deviceId)
    return c.json({ profile: result.profile, ...result.token })
  })

  register(api, registration, async (c) => {
    const result = await registerProfile(c.env, c.req.valid('json'), clientMeta(c))
    c.header('Cache-Control', 'no-store')
    if (!result.ok) return c.json({ errorMessage: result.errorMessage }, 202)
    return c.json({ profile: result.profile, ...result.token })
  })

  register(api, updateProfileOp, async (c, { session, profileId }) => {
    const body = c.req.valid('json')
    if (!ownProfile(profileId, body.ProfileId)) return problem(c, 404, NOT_FOUND)
    const change = { userName: body.UserName, emailAddress: body.EmailAddress, currentPassword: body.CurrentPassword }
    if (stepUpRequired(session)) {
      const current = await loadProfileView(c.env, profileId)
      if (current && profileChangeNeedsStepUp(session, current, change)) return stepUpProblem(c)
    }
    const result = await updateProfile(c.env, profileId, change, clientMeta(c), background(c))
    if (!result.ok) return c.json({ errorMessage: result.errorMessage }, 202)
    return c.json(result.profile)
  })

  register(api, changePasswordOp, async (c, { session, profileId }) => {
    const body = c.req.valid('json')
    if (!ownProfile(profileId, body.ProfileId)) return problem(c, 404, NOT_FOUND)
    if (stepUpRequired(session)) return stepUpProblem(c)
    const change = { password: body.Password, currentPassword: body.CurrentPassword }
    const result = await changePassword(c.env, profileId, change, clientMeta(c), background(c))
    if (!result.ok) return c.json({ errorMessage: result.errorMessage }, 202)
    adoptSession(c, result.session, result.token)
    return c.json({ ...result.token })
  })

  register(api, forgotPassword, async (c) => {
    const result = await requestPasswordReset(c.env, c.req.valid('json').Email, clientMeta(c), background(c))
    if (!result.ok) return problem(c, 502, MSG.issue502)
    return c.json({ message: PROFILE_MSG.forgotPasswordSent })
  })

  register(api, verifyPgr, async (c, { session }) => {
    const profileId = session?.kind === 'direct' ? session.profileId : null
    c.header('Cache-Control', 'no-store')
    return c.json(await verifyPolicy(c.env, c.req.valid('param').policyId, profileId))
  })

  register(api, addPolicy, async (c, { session, profileId }) => {
    const body = c.req.valid('json')
    if (!ownProfile(profileId, body.profileId)) return problem(c, 404, NOT_FOUND)
    const result = await addPolicyToProfile(c.env, session, body, clientMeta(c))
    if (!result.ok) return c.json({ errorMessage: result.errorMessage }, 202)
    adoptSession(c, result.session, result.token)
    return c.json({ profile: result.profile, ...result.token })
  })

  register(api, renamePolicyOp, async (c, { profileId }) => {
    const body = c.req.valid('json')
    if (!ownProfile(profileId, body.ProfileId)) return problem(c, 404, NOT_FOUND)
    const result = await renamePolicy(c.env, profileId, body.PolicyID, body.Nickname, clientMeta(c))
    if (!result.ok) return c.json({ errorMessage: result.errorMessage }, 202)
    return c.json(result.profile)
  })

  register(api, removePolicyOp, async (c, { session, profileId }) => {
    const body = c.req.valid('json')
    if (!ownProfile(profileId, body.ProfileId)) return problem(c, 404, NOT_FOUND)
    if (stepUpRequired(session)) return stepUpProblem(c)
    const result = await removePolicyFromProfile(c.env, session, body.PolicyID, clientMeta(c))
    if (!result.ok) return c.json({ errorMessage: result.errorMessage }, 202)
    adoptSession(c, result.session, result.token)
    return c.json({ profile: result.profile, ...result.token })
  })
}
