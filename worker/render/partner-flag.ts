import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../types'
import { policySendsToProgressive } from '../services/partner-redirect'

/**
 * The loaded policy's sendToProgressive flag (policies.send_to_progressive), for the layout's partner
 * banner and 'Great News!' modal. The policy document does not carry it, and renderPage is synchronous,
 * so a middleware reads it once per request and renderPage picks it up here. Keyed by the request, so
 * nothing outlives it.
 */
const flags = new WeakMap<Request, boolean>()

export function partnerFlag(c: Context<AppEnv>): boolean | undefined {
  return flags.get(c.req.raw)
}

/** Runs after the guards: on routes where they loaded a policy, records that policy's flag. */
export const loadPartnerFlag = createMiddleware<AppEnv>(async (c, next) => {
  const policy = c.get('policy')
  if (policy) flags.set(c.req.raw, await policySendsToProgressive(c.env.DB, policy.policyID))
  await next()
})
