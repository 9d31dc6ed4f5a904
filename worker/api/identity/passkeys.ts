import type { OpenAPIHono } from '@hono/zod-openapi'
import { z } from '@hono/zod-openapi'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import type { AppEnv } from '../../types'
import { addPasskeySchema, passkeySignInSchema } from '../../../shared/identity/schemas/passkeys'
import { PASSKEY_MSG } from '../../../shared/identity/passkeys'
import { RATE_RULES } from '../../middleware/rate-rules'
import { findProfile } from '../../db/identity/profiles'
import { addPasskey, checkPasskey, checkStepUpPasskey, registrationOptions, signInOptions, stepUpOptions } from '../../services/identity/passkeys'
import { markSessionVerified } from '../../db/identity/sessions'
import { completeSignIn } from '../../services/identity/sign-in'
import { signInMeta } from '../../services/identity/sign-in-meta'
import { profileView } from '../../services/identity/profile'
import { stepUpRequired } from '../../services/identity/step-up-rule'
import { STEP_UP_403, stepUpProblem } from '../step-up-refusal'
import { background } from '../../lib/background'
import { endSession } from '../../services/identity/session'
import { writeSessionCookie } from '../../services/identity/session-cookie'
import { languageAtSignIn } from '../../services/i18n/language-choice'
import { writeDeviceCookie } from '../../services/identity/device-cookie'
import { writePasskeyHint } from '../../services/identity/passkey-hint'
import { audit } from '../../db/audit'
import { KB } from '../../middleware/body-limit'
import { defineOperation, problemContent, register } from '../operation'
import { problem } from '../../render/problem'
import { json, jsonBody, ProfileWithTokenSchema } from '../schemas'
import { afterSignInPath } from '../../services/identity/return-path-cookie'

/** /v1 passkeys (issue 23 item 1, decision 181): add one to the profile, and sign in with one. */
const tags = ['profile']
const CeremonySchema = z.object({ challengeId: z.string(), options: z.looseObject({}) }).openapi('WebAuthnCeremony')

const addOptions = defineOperation(
  {
    method: 'post',
    path: '/profile/passkeys/options',
    tags,
    summary: 'Options to create a passkey (single-use challenge, 5 minutes)',
    responses: { 200: json(CeremonySchema, 'WebAuthn creation options.'), 403: STEP_UP_403 },
  },
  { auth: 'profile', rate: RATE_RULES.profileChanges, idempotency: 'none' },
)

const add = defineOperation(
  {
    method: 'post',
    path: '/profile/passkeys',
    tags,
    summary: 'Store the passkey the browser created',
    request: jsonBody(addPasskeySchema),
    responses: {
      201: json(z.object({ name: z.string() }), 'Added; the owner is told by email.'),
      400: problemContent('Not added: a used or expired challenge, or an answer that does not verify.'),
      403: STEP_UP_403,
    },
  },
  { auth: 'profile', bodyLimit: 16 * KB, rate: RATE_RULES.profileChanges, idempotency: 'none' },
)

const signInOptionsOp = defineOperation(
  {
    method: 'post',
    path: '/profile/passkey-sign-in/options',
    tags,
    summary: 'Options to sign in with a passkey (single-use challenge, 5 minutes)',
    responses: { 200: json(CeremonySchema, 'WebAuthn request options.') },
  },
  { auth: 'anyone', ipBurst: true, idempotency: 'none' },
)

const signIn = defineOperation(
  {
    method: 'post',
    path: '/profile/passkey-sign-in',
    tags,
    summary: 'Sign in with a passkey: both steps at once',
    request: jsonBody(passkeySignInSchema),
    responses: {
      200: json(ProfileWithTokenSchema.extend({ next: z.string() }), 'Signed in; a browser also gets the session cookie.'),
      401: problemContent('A used or expired challenge, an unknown passkey, or an answer that does not verify.'),
    },
  },
  { auth: 'anyone', ipBurst: true, bodyLimit: 16 * KB, idempotency: 'none' },
)

const stepUpPasskeyOptions = defineOperation(
  {
    method: 'post',
    path: '/profile/step-up/passkey/options',
    tags,
    summary: "Options to confirm it is the owner with one of the profile's passkeys (step-up, decision 180)",
    responses: { 200: json(CeremonySchema, 'WebAuthn request options for the profile’s passkeys.'), 404: problemContent('The profile has no passkey.') },
  },
  { auth: 'profile', rate: RATE_RULES.profileChanges, idempotency: 'none' },
)

const stepUpPasskey = defineOperation(
  {
    method: 'post',
    path: '/profile/step-up/passkey',
    tags,
    summary: 'Confirm it is the owner with a passkey: sensitive changes are allowed for 10 minutes',
    request: jsonBody(passkeySignInSchema),
    responses: { 204: { description: 'Confirmed.' }, 401: problemContent('A used or expired challenge, or an answer that does not verify.') },
  },
  { auth: 'profile', ipBurst: true, bodyLimit: 16 * KB, rate: RATE_RULES.profileChanges, idempotency: 'none' },
)

export function passkeyOperations(api: OpenAPIHono<AppEnv>): void {
  register(api, stepUpPasskeyOptions, async (c, { session, profileId }) => {
    const ceremony = await stepUpOptions(c.env, profileId, session.id)
    if (!ceremony) return problem(c, 404, PASSKEY_MSG.unknown)
    c.header('Cache-Control', 'no-store')
    return c.json(ceremony)
  })

  register(api, stepUpPasskey, async (c, { session, profileId }) => {
    const body = c.req.valid('json')
    const owner = { profileId, sessionId: session.id }
    const check = await checkStepUpPasskey(c.env, owner, body.challengeId, body.response as AuthenticationResponseJSON, c.get('requestId'))
    if (!check.ok) return problem(c, 401, check.errorMessage)
    await markSessionVerified(c.env.DB, session.id, Date.now())
    await audit(c.env, c.get('requestId'), 'step_up.passkey', profileId)
    return c.body(null, 204)
  })

  register(api, addOptions, async (c, { session, profileId }) => {
    if (stepUpRequired(session)) return stepUpProblem(c)
    const ceremony = await registrationOptions(c.env, profileId, session.id)
    if (!ceremony) return problem(c, 400, PASSKEY_MSG.notAdded)
    c.header('Cache-Control', 'no-store')
    return c.json(ceremony)
  })

  register(api, add, async (c, { session, profileId }) => {
    if (stepUpRequired(session)) return stepUpProblem(c)
    const body = c.req.valid('json')
    const input = { challengeId: body.challengeId, name: body.name, response: body.response as RegistrationResponseJSON }
    const result = await addPasskey(c.env, profileId, session.id, input, { requestId: c.get('requestId'), background: background(c) })
    if (!result.ok) return problem(c, 400, result.errorMessage)
    writePasskeyHint(c)
    return c.json({ name: result.name }, 201)
  })

  register(api, signInOptionsOp, async (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json(await signInOptions(c.env))
  })

  register(api, signIn, async (c, { session: previous }) => {
    const body = c.req.valid('json')
    const meta = await signInMeta(c)
    c.header('Cache-Control', 'no-store')
    const check = await checkPasskey(c.env, body.challengeId, body.response as AuthenticationResponseJSON, meta.requestId)
    if (!check.ok) {
      await audit(c.env, meta.requestId, 'login.passkey_refused', null)
      return problem(c, 401, check.errorMessage)
    }
    const profile = await findProfile(c.env.DB, check.profileId)
    if (!profile) return problem(c, 401, PASSKEY_MSG.unknown)
    // A passkey is something you have, unlocked by something you are or know: both steps (decision 181).
    const signedIn = await completeSignIn(c.env, profile, meta, { method: 'passkey' })
    if (previous) await endSession(c.env, previous.id)
    // A WebAuthn ceremony happens in a browser: it gets the session cookie, as a page login does.
    writeSessionCookie(c, signedIn.token.accountToken)
    await writeDeviceCookie(c, signedIn.deviceId)
    await languageAtSignIn(c, profile.profile_id)
    writePasskeyHint(c)
    return c.json({ profile: await profileView(c.env, profile), ...signedIn.token, next: afterSignInPath(c) })
  })
}
