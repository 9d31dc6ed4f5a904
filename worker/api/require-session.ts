import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../types'
import { SESSION_ENDED } from '../../shared/routes'

export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('session')) return c.json({ errorMessage: SESSION_ENDED }, 401)
  await next()
})
