import { Hono } from 'hono'
import type { AppEnv } from '../types'
import { loginSchema } from '../../shared/schemas/login'
import { MSG } from '../../shared/schemas/messages'
import { jsonBody } from './validation'
import { login } from '../services/login'
import { clientMeta } from '../services/client-meta'
import { ipBurstLimit } from '../middleware/rate-limit'

/** /v1/profile: login now; registration, profile and policy linking arrive with their issue. */
export const profileApi = new Hono<AppEnv>()

profileApi.post('/login', ipBurstLimit, jsonBody(loginSchema), async (c) => {
  const result = await login(c.env, c.req.valid('json'), clientMeta(c))
  if (!result.ok) return c.json({ errorMessage: MSG.loginFailed }, 401)
  c.header('Cache-Control', 'no-store')
  return c.json({ profile: result.profile, ...result.token })
})
