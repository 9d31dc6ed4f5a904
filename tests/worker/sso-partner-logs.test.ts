import { describe, it, expect, beforeAll, beforeEach, afterEach, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { seed, persona } from './helpers'
import {
  SsoBrowser, captureLogs, dropOff, failPartnerLogs, fingerprint, portalEnv, receivedPartnerLogs, resetStandIns, routeOutbound, standInFetch,
} from './sso-support'
import { deliverPartnerLogs, queuePartnerLogs, PARTNER_LOG_MAX_ATTEMPTS, PARTNER_TOKEN_TTL_MS } from '../../worker/services/partner-logging'
import { partnerLogsPort } from '../../worker/integrations/partner-logs'
import { PARTNER_LOG_APPLICATION, PARTNER_LOGGING_FEATURE } from '../../shared/policy/partner-log'

const POLICY = persona('direct.single').policies[0]!.policyId
const OTHER = persona('direct.multi').policies[1]!.policyId
const FLAG_ON = { [PARTNER_LOGGING_FEATURE]: true }

/** The real partner-log adapter, reaching the receiver stand-in inside the worker. */
const receiverPort = () => partnerLogsPort(portalEnv, { fetch: standInFetch })

async function outboxRows(transactionId: string) {
  const { results } = await env.DB.prepare('SELECT * FROM partner_log_outbox WHERE transaction_id = ? ORDER BY id').bind(transactionId).all<{
    id: number; token: string | null; attempts: number; next_attempt_at: number; delivered_at: number | null; gave_up_at: number | null; last_result: string
  }>()
  return results
}

async function setPartnerLogging(on: boolean) {
  await env.DB.prepare('UPDATE global_features SET enabled = ? WHERE feature_key = ?').bind(on ? 1 : 0, PARTNER_LOGGING_FEATURE).run()
  await env.CACHE.delete('global-features:v1')
}

beforeAll(() => seed())
beforeEach(async () => {
  routeOutbound()
  await resetStandIns()
})
afterEach(() => vi.unstubAllGlobals())

describe('partner logging from the landing', () => {
  it('forwards an Info entry with the partner bearer token and the tracking id; the outbox forgets the token', async () => {
    const token = 'partner-token-landing-1'
    const REF = await dropOff({ policies: [POLICY], pgrPartnerLoggingToken: token })
    const res = await new SsoBrowser().land({ tokenid: REF, PPA: 'yes', policyId: POLICY, tracking_id: 'trk-pl-1' })
    expect(res.headers.get('Location')).toBe('/policy-information')
    const received = await receivedPartnerLogs('trk-pl-1')
    expect(received).toHaveLength(1)
    expect(received[0]!.tokenFingerprint).toBe(await fingerprint(token))
    expect(received[0]!.entry).toMatchObject({
      ApplicationName: PARTNER_LOG_APPLICATION,
      LogLevel: 1,
      Message: `SSO landing complete: policy ${POLICY} opened at PolicyOverview`,
      TransactionId: 'trk-pl-1',
    })
    expect(Number.isNaN(Date.parse(received[0]!.entry.TransactionDateTime))).toBe(false)
    const [row] = await outboxRows('trk-pl-1')
    expect(row).toMatchObject({ attempts: 1, token: null, gave_up_at: null })
    expect(row!.delivered_at).not.toBeNull()
  })

  it.each([
    ['no policies returned', [] as string[], POLICY, 'No policies returned from ping'],
    ['the policy is not in the list', [OTHER], POLICY, 'Access to policy denied.'],
    ['the policy cannot be loaded', ['HOM4999999'], 'HOM4999999', 'Exception thrown retrieving policy data'],
  ])('%s: an Error entry', async (_case, policies, policyId, message) => {
    const trackingId = `trk-err-${message.length}`
    const REF = await dropOff({ policies, pgrPartnerLoggingToken: 'partner-token-err' })
    await new SsoBrowser().land({ tokenid: REF, PPA: 'yes', policyId, tracking_id: trackingId })
    const received = await receivedPartnerLogs(trackingId)
    expect(received.map((r) => [r.entry.LogLevel, r.entry.Message])).toEqual([[3, message]])
  })

  it('is not sent without a tracking id', async () => {
    const REF = await dropOff({ policies: [POLICY], pgrPartnerLoggingToken: 'partner-token-x' })
    const before = (await env.DB.prepare('SELECT COUNT(*) AS n FROM partner_log_outbox').first<{ n: number }>())!.n
    await new SsoBrowser().land({ tokenid: REF, PPA: 'yes', policyId: POLICY })
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM partner_log_outbox').first<{ n: number }>())!.n).toBe(before)
    expect(await receivedPartnerLogs()).toHaveLength(0)
  })

  it('is not sent without a partner token (the Test SSO fake path has none)', async () => {
    await new SsoBrowser().land({ PPA: 'yes', policyId: POLICY, fakePingResponse: 'true', tracking_id: 'trk-fake-1' })
    expect(await outboxRows('trk-fake-1')).toHaveLength(0)
  })

  it('is not sent when customerPortal.PgrPartnerLogging is off', async () => {
    await setPartnerLogging(false)
    try {
      const REF = await dropOff({ policies: [POLICY], pgrPartnerLoggingToken: 'partner-token-off' })
      await new SsoBrowser().land({ tokenid: REF, PPA: 'yes', policyId: POLICY, tracking_id: 'trk-off-1' })
      expect(await outboxRows('trk-off-1')).toHaveLength(0)
      expect(await receivedPartnerLogs('trk-off-1')).toHaveLength(0)
    } finally {
      await setPartnerLogging(true)
    }
  })
})

describe('delivery: written first, retried, never breaking the page', () => {
  it('a failed delivery leaves the page alone and is retried after its wait', async () => {
    await failPartnerLogs(503)
    const token = 'partner-token-retry'
    const REF = await dropOff({ policies: [POLICY], pgrPartnerLoggingToken: token })
    const { result: res, lines } = await captureLogs(() => new SsoBrowser().land({ tokenid: REF, PPA: 'yes', policyId: POLICY, tracking_id: 'trk-retry-1' }))
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe('/policy-information')
    expect(lines.join('\n')).not.toContain(token)
    const [pending] = await outboxRows('trk-retry-1')
    expect(pending).toMatchObject({ attempts: 1, delivered_at: null, gave_up_at: null, token, last_result: 'HTTP 503' })
    expect(await receivedPartnerLogs('trk-retry-1')).toHaveLength(0)

    // Not due yet: nothing happens.
    expect(await deliverPartnerLogs(portalEnv, { port: receiverPort(), now: pending!.next_attempt_at - 1 })).toEqual({ delivered: 0, retrying: 0, gaveUp: 0 })
    // Due: delivered.
    expect(await deliverPartnerLogs(portalEnv, { port: receiverPort(), now: pending!.next_attempt_at })).toMatchObject({ delivered: 1 })
    expect(await receivedPartnerLogs('trk-retry-1')).toHaveLength(1)
    expect((await outboxRows('trk-retry-1'))[0]).toMatchObject({ attempts: 2, token: null })
  })

  it('an unreachable partner endpoint never breaks the page', async () => {
    vi.stubGlobal('fetch', async (input: string | Request, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input.url
      if (url.startsWith(portalEnv.PARTNER_LOGS_URL)) throw new TypeError('Network connection lost.')
      return standInFetch(input, init)
    })
    const REF = await dropOff({ policies: [POLICY], pgrPartnerLoggingToken: 'partner-token-down' })
    const res = await new SsoBrowser().land({ tokenid: REF, PPA: 'yes', policyId: POLICY, tracking_id: 'trk-down-1' })
    expect(res.headers.get('Location')).toBe('/policy-information')
    expect((await outboxRows('trk-down-1'))[0]).toMatchObject({ attempts: 1, delivered_at: null, last_result: 'network error' })
  })

  it(`gives up after ${PARTNER_LOG_MAX_ATTEMPTS} attempts and forgets the token`, async () => {
    await failPartnerLogs(500, 10)
    const start = Date.now()
    await queuePartnerLogs(portalEnv, { token: 'partner-token-giveup', trackingId: 'trk-giveup', features: FLAG_ON }, [{ message: 'hello' }], start)
    let now = start
    for (let attempt = 1; attempt <= PARTNER_LOG_MAX_ATTEMPTS; attempt++) {
      await deliverPartnerLogs(portalEnv, { port: receiverPort(), now })
      now = (await outboxRows('trk-giveup'))[0]!.next_attempt_at
    }
    const [row] = await outboxRows('trk-giveup')
    expect(row).toMatchObject({ attempts: PARTNER_LOG_MAX_ATTEMPTS, token: null, delivered_at: null })
    expect(row!.gave_up_at).not.toBeNull()
    expect(await deliverPartnerLogs(portalEnv, { port: receiverPort(), now: now + 86_400_000 })).toEqual({ delivered: 0, retrying: 0, gaveUp: 0 })
  })

  it('does not send with a token past its lifetime', async () => {
    const start = Date.now()
    await queuePartnerLogs(portalEnv, { token: 'partner-token-old', trackingId: 'trk-expired', features: FLAG_ON }, [{ message: 'late' }], start)
    expect(await deliverPartnerLogs(portalEnv, { port: receiverPort(), now: start + PARTNER_TOKEN_TTL_MS })).toMatchObject({ gaveUp: 1 })
    expect(await receivedPartnerLogs('trk-expired')).toHaveLength(0)
    expect((await outboxRows('trk-expired'))[0]).toMatchObject({ token: null, last_result: 'token expired' })
  })

  it('two delivery runs never send the same entry twice', async () => {
    await queuePartnerLogs(portalEnv, { token: 'partner-token-twice', trackingId: 'trk-twice', features: FLAG_ON }, [{ message: 'once' }])
    const [a, b] = await Promise.all([deliverPartnerLogs(portalEnv, { port: receiverPort() }), deliverPartnerLogs(portalEnv, { port: receiverPort() })])
    expect(a.delivered + b.delivered).toBe(1)
    expect(await receivedPartnerLogs('trk-twice')).toHaveLength(1)
  })

  it('cuts the message to 100 characters', async () => {
    await queuePartnerLogs(portalEnv, { token: 'partner-token-long', trackingId: 'trk-long', features: FLAG_ON }, [{ message: 'm'.repeat(180) }])
    await deliverPartnerLogs(portalEnv, { port: receiverPort() })
    const [received] = await receivedPartnerLogs('trk-long')
    expect(received!.entry.Message).toBe('m'.repeat(100))
  })

  it('the receiver refuses an entry without a bearer token (the adapter always sends one)', async () => {
    const res = await standInFetch(portalEnv.PARTNER_LOGS_URL, {
      method: 'POST', headers: { 'Content-Type': 'application/json', Origin: new URL(portalEnv.PARTNER_LOGS_URL).origin }, body: '{}',
    })
    expect(res.status).toBe(401)
  })
})
