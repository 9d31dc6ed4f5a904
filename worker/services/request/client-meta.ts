import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import { findCardNumber } from '../../../shared/payments/pan'

/**
 * What is kept instead of a User-Agent holding what looks like a card number (decision 201): the agent is
 * stored with the session (signed-in devices), the e-signature evidence and the paperless consent, and
 * described in the new-sign-in mail. Not refused: a sign-in should not fail for what a browser or a proxy
 * wrote, and the agent only describes the device ('An unknown browser or app').
 */
export const USER_AGENT_WITHHELD = '(withheld: it held what looks like a card number)'

/** The caller's address and agent, for sessions, limits and the audit log. */
export function clientMeta(c: Context<AppEnv>) {
  const userAgent = c.req.header('User-Agent') ?? ''
  return {
    ip: c.req.header('CF-Connecting-IP') ?? '127.0.0.1',
    userAgent: findCardNumber(userAgent) ? USER_AGENT_WITHHELD : userAgent,
    requestId: c.get('requestId'),
  }
}
