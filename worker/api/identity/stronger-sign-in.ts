import type { OpenAPIHono } from '@hono/zod-openapi'
import { z } from '@hono/zod-openapi'
import type { AppEnv } from '../../types'
import { signInCodeSchema } from '../../../shared/identity/schemas/sign-in-code'
import { CODE_MSG, VERDICT_MESSAGE } from '../../../shared/identity/sign-in-code'
import { findProfile } from '../../db/identity/profiles'
import { signInMeta } from '../../services/identity/sign-in-meta'
import { checkCode, CODE_LIMIT_MSG } from '../../services/identity/sign-in-code'
import { completeSignIn } from '../../services/identity/sign-in'
import { profileView } from '../../services/identity/profile'
import { writeDeviceCookie } from '../../services/identity/device-cookie'
import { clientMeta } from '../../services/request/client-meta'
import { background } from '../../lib/background'
import { confirmStepUpCode, sendStepUpCode } from '../../services/identity/step-up'
import { RATE_RULES } from '../../middleware/rate-rules'
import { defineOperation, problemContent, register } from '../operation'
import { problem } from '../../render/problem'
import { json, jsonBody, ProfileWithTokenSchema } from '../schemas'

/** /v1 of issue 23 (decisions 179, 180): the 2-step sign-in's second step, and step-up. */
const tags = ['profile']

const loginCode = defineOperation(
  {
    method: 'post',
    path: '/profile/login/code',
    tags,
    summary: 'Finish a 2-step sign-in with the emailed code',
    request: jsonBody(signInCodeSchema.extend({ signInId: z.string().regex(/^[a-p]{1,64}$/, { error: CODE_MSG.pendingGone }) })),
    responses: {
      200: json(ProfileWithTokenSchema, 'Signed in.'),
      401: problemContent('A wrong, expired or used code, or one entered wrongly too many times: the words say which.'),
      429: problemContent('Too many codes in a short time.'),
    },
  },
  { auth: 'anyone', ipBurst: true, idempotency: 'none' },
)

const stepUpCode = defineOperation(
  {
    method: 'post',
    path: '/profile/step-up/code',
    tags,
    summary: "Email a code to confirm it is the profile's owner before a sensitive change",
    responses: { 204: { description: 'The code was emailed.' }, 429: problemContent('Too many codes in a short time.') },
  },
  { auth: 'profile', rate: RATE_RULES.profileChanges, idempotency: 'none' },
)

const stepUp = defineOperation(
  {
    method: 'post',
    path: '/profile/step-up',
    tags,
    summary: 'Confirm it is the owner with the emailed code: sensitive changes are allowed for 10 minutes',
    request: jsonBody(signInCodeSchema.pick({ code: true })),
    responses: { 204: { description: 'Confirmed.' }, 401: problemContent('A wrong, expired or used code.'), 429: problemContent('Too many codes.') },
  },
  { auth: 'profile', ipBurst: true, rate: RATE_RULES.profileChanges, idempotency: 'none' },
)

export function strongerSignInOperations(api: OpenAPIHono<AppEnv>): void {
  register(api, loginCode, async (c) => {
    const body = c.req.valid('json')
    const meta = await signInMeta(c)
    c.header('Cache-Control', 'no-store')
    const result = await checkCode(c.env, body.signInId, body.code, { purpose: 'sign-in' }, meta)
    if (result.verdict === 'gone') return problem(c, 401, CODE_MSG.pendingGone)
    if (result.verdict === 'limited') return problem(c, 429, CODE_LIMIT_MSG)
    if (result.verdict !== 'ok') return problem(c, 401, VERDICT_MESSAGE[result.verdict])
    const profile = await findProfile(c.env.DB, result.profileId)
    if (!profile) return problem(c, 401, CODE_MSG.pendingGone)
    const signedIn = await completeSignIn(c.env, profile, meta, { method: 'code', remember: body.remember })
    await writeDeviceCookie(c, signedIn.deviceId)
    return c.json({ profile: await profileView(c.env, profile), ...signedIn.token })
  })

  register(api, stepUpCode, async (c, { session }) => {
    const sent = await sendStepUpCode(c.env, session, { ...clientMeta(c), background: background(c) })
    return sent.ok ? c.body(null, 204) : problem(c, 429, sent.errorMessage)
  })

  register(api, stepUp, async (c, { session }) => {
    const result = await confirmStepUpCode(c.env, session, c.req.valid('json').code, clientMeta(c))
    return result.ok ? c.body(null, 204) : problem(c, result.errorMessage === CODE_LIMIT_MSG ? 429 : 401, result.errorMessage)
  })
}
