import { Hono } from 'hono'
import type { AppEnv } from './types'
import { checkEnv } from './env'
import { createApi } from './api'
import { createPages } from './pages'
import { createDevApp } from './dev'
import { createHooksApp } from './hooks'
import { drainUnreadBody } from './middleware/body-drain'
import { notFoundPage } from './pages/not-found'
import { serverErrorResponse } from './pages/server-error'
import { log } from './lib/log'
import { version } from '../package.json'

/**
 * The router owns the pipeline (decision 160): /v1 (JSON, bearer or cookie, problems), /__dev (local
 * stand-ins), /hooks (signed calls from outside systems, decision 167) and the pages (HTML, cookies, guards) are sub-apps, each with its own middleware and
 * error handling. /v1, /__dev and /hooks answer every path under them, so a page's middleware never sees theirs.
 */
export function createApp() {
  const app = new Hono<AppEnv>({ strict: false })

  app.use('*', async (c, next) => {
    checkEnv(c.env)
    await next()
  })
  // Every request body is read to its end (or the connection closed) before its answer leaves (decision 194).
  app.use('*', drainUnreadBody())
  // Before every other middleware: no session, no storage, no body; the reference for perf:load (decision 140).
  app.get('/healthz', (c) => c.json({ status: 'ok', version }, 200, { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' }))

  app.route('/v1', createApi())
  app.route('/__dev', createDevApp())
  app.route('/hooks', createHooksApp())
  app.route('/', createPages())

  app.notFound(notFoundPage)
  app.onError((err, c) => {
    log('error', 'unhandled error', { path: c.req.path, error: String(err) })
    return serverErrorResponse(c)
  })
  return app
}
