import { describe, it, expect, beforeAll, beforeEach, afterEach, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { seed, persona } from './helpers'
import {
  SsoBrowser,
  captureLogs,
  dropOff,
  failIdentity,
  failPartnerLogs,
  fingerprint,
  portalEnv,
  receivedPartnerLogs,
  resetStandIns,
  routeOutbound,
  standInFetch,
} from './sso-support'
import { queuePartnerLogs, PARTNER_TOKEN_TTL_MS } from '../../worker/services/sso/partner-logging'
import { backoffMs, drainOutbox } from '../../worker/services/outbox/outbox'
import { partnerLogHandler } from '../../worker/services/sso/partner-log-delivery'
import { partnerLogsPort } from '../../worker/integrations/partner-logs'
import { PARTNER_LOG_APPLICATION, PARTNER_LOGGING_FEATURE } from '../../shared/sso/partner-log'

const POLICY = persona('direct.single').policies[0]!.policyId
const OTHER = persona('direct.multi').policies[1]!.policyId
const FLAG_ON = { [PARTNER_LOGGING_FEATURE]: true }

/** The real partner-log adapter, reaching the receiver stand-in inside the worker. */
const receiverPort = () => partnerLogsPort(portalEnv, { fetch: standInFetch })

/** Drains the partner-log channel of the shared outbox through that adapter (what the cron handler does). */
const drain = (now?: number) =>
  drainOutbox(portalEnv, { channels: ['partner-log'], handlers: { 'partner-log': partnerLogHandler(receiverPort()) }, ...(now === undefined ? {} : { now }) })

/** The partner-log rows of the shared outbox for one transaction id, with the token the payload still holds. */
async function outboxRows(transactionId: string) {
  const { results } = await env.DB.prepare(
    `SELECT id, status, attempts, next_attempt_at, delivered_at, dead_at, last_error, json_extract(payload, '$.token') AS token
     FROM outbox WHERE channel = 'partner-log' AND json_extract(payload, '$.transactionId') = ? ORDER BY id`,
  )
    .bind(transactionId)
    .all<{
      id: number
      status: string
      token: string | null
      attempts: number
      next_attempt_at: number
      delivered_at: number | null
      dead_at: number | null
      last_error: string | null
    }>()
  return results
}

const partnerRowCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE channel = 'partner-log'").first<{ n: number }>())!.n

async function setPartnerLogging(on: boolean) {
  await env.DB.prepare('UPDATE global_features SET enabled = ? WHERE feature_key = ?')
    .bind(on ? 1 : 0, PARTNER_LOGGING_FEATURE)
    .run()
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
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, token: null, dead_at: null })
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

  // Spec 000 section 8: "SSO policies lookup failure | Logged to the partner." (with the token the failed answer carried)
  it('a failed policies lookup is logged to the partner as an Error entry with its token', async () => {
    const token = 'partner-token-lookup-failed'
    const REF = await dropOff({ policies: [POLICY] })
    await failIdentity('502', { pgrPartnerLoggingToken: token })
    const res = await new SsoBrowser().land({ tokenid: REF, PPA: 'yes', policyId: POLICY, tracking_id: 'trk-lookup-1' })
    expect(res.headers.get('Location')).toBe('/system-message')
    const received = await receivedPartnerLogs('trk-lookup-1')
    expect(received.map((r) => [r.entry.LogLevel, r.entry.Message])).toEqual([[3, 'SSO policies lookup failed (unavailable)']])
    expect(received[0]!.tokenFingerprint).toBe(await fingerprint(token))
  })

  it('is not sent without a tracking id', async () => {
    const REF = await dropOff({ policies: [POLICY], pgrPartnerLoggingToken: 'partner-token-x' })
    const before = await partnerRowCount()
    await new SsoBrowser().land({ tokenid: REF, PPA: 'yes', policyId: POLICY })
    expect(await partnerRowCount()).toBe(before)
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
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, delivered_at: null, dead_at: null, token, last_error: 'HTTP 503' })
    expect(await receivedPartnerLogs('trk-retry-1')).toHaveLength(0)

    // Not due yet: nothing happens to it.
    await drain(pending!.next_attempt_at - 1)
    expect((await outboxRows('trk-retry-1'))[0]).toMatchObject({ status: 'pending', attempts: 1 })
    expect(await receivedPartnerLogs('trk-retry-1')).toHaveLength(0)
    // Due: delivered, and the token forgotten.
    expect((await drain(pending!.next_attempt_at)).delivered).toBeGreaterThanOrEqual(1)
    expect(await receivedPartnerLogs('trk-retry-1')).toHaveLength(1)
    expect((await outboxRows('trk-retry-1'))[0]).toMatchObject({ status: 'delivered', attempts: 2, token: null, last_error: null })
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
    expect((await outboxRows('trk-down-1'))[0]).toMatchObject({ status: 'pending', attempts: 1, delivered_at: null, last_error: 'network error' })
  })

  it('retries with the outbox backoff until the token lifetime is over, then gives up and forgets the token', async () => {
    await failPartnerLogs(500, 20)
    const start = Date.now()
    await queuePartnerLogs(portalEnv, { token: 'partner-token-giveup', trackingId: 'trk-giveup', features: FLAG_ON }, [{ message: 'hello' }], start)
    let now = start
    const waits: number[] = []
    for (let run = 0; run < 20 && (await outboxRows('trk-giveup'))[0]!.status === 'pending'; run++) {
      await drain(now)
      const [row] = await outboxRows('trk-giveup')
      if (row!.status === 'pending') waits.push(row!.next_attempt_at - now)
      now = row!.next_attempt_at
    }
    // 30 s, 2 min, 8 min, 32 min: the next wait (1 h) ends past the token's hour.
    expect(waits).toEqual([1, 2, 3, 4, 5].map(backoffMs))
    const [row] = await outboxRows('trk-giveup')
    expect(row).toMatchObject({ status: 'dead', attempts: 6, token: null, delivered_at: null, last_error: 'token expired' })
    expect(row!.dead_at).not.toBeNull()
    expect(await receivedPartnerLogs('trk-giveup')).toHaveLength(0)
    await drain(now + 86_400_000)
    expect((await outboxRows('trk-giveup'))[0]).toMatchObject({ status: 'dead', attempts: 6 })
  })

  it('does not send with a token past its lifetime', async () => {
    const start = Date.now()
    await queuePartnerLogs(portalEnv, { token: 'partner-token-old', trackingId: 'trk-expired', features: FLAG_ON }, [{ message: 'late' }], start)
    expect((await drain(start + PARTNER_TOKEN_TTL_MS)).dead).toBeGreaterThanOrEqual(1)
    expect(await receivedPartnerLogs('trk-expired')).toHaveLength(0)
    expect((await outboxRows('trk-expired'))[0]).toMatchObject({ status: 'dead', token: null, last_error: 'token expired' })
  })

  it('two delivery runs never send the same entry twice', async () => {
    await queuePartnerLogs(portalEnv, { token: 'partner-token-twice', trackingId: 'trk-twice', features: FLAG_ON }, [{ message: 'once' }])
    await Promise.all([drain(), drain()])
    expect(await receivedPartnerLogs('trk-twice')).toHaveLength(1)
    expect((await outboxRows('trk-twice'))[0]).toMatchObject({ status: 'delivered', attempts: 1 })
  })

  it('cuts the message to 100 characters', async () => {
    await queuePartnerLogs(portalEnv, { token: 'partner-token-long', trackingId: 'trk-long', features: FLAG_ON }, [{ message: 'm'.repeat(180) }])
    await drain()
    const [received] = await receivedPartnerLogs('trk-long')
    expect(received!.entry.Message).toBe('m'.repeat(100))
  })

  it('the receiver refuses an entry without a bearer token (the adapter always sends one)', async () => {
    const res = await standInFetch(portalEnv.PARTNER_LOGS_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: new URL(portalEnv.PARTNER_LOGS_URL).origin },
      body: '{}',
    })
    expect(res.status).toBe(401)
  })
})
