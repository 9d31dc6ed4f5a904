import { expect, personaTagged, test } from '../e2e/fixtures'
import { runCron, STAND_INS } from './support'

/**
 * As deployed (issue 29): a partner hands a user over. The partner drops the user's attributes off at the
 * identity service, the portal picks them up through the Ping adapter, records the 'do not sell or
 * share' choice at the insurer's preference endpoint, and its log lines reach the partner's app-logs
 * endpoint, each through its HTTP adapter to the stand-ins' own process.
 */
const POLICY = personaTagged('direct.single').policies[0]!.policyId
const ADAPTER = { 'ping.uname': 'policyholder-portal', 'ping.pwd': 'deployed-shape-ping-secret', 'ping.instanceId': 'deployed-shape' }

test('SSO landing with an opt-out: the identity pickup, the preference recorded, the partner log delivered', async ({ page, request }) => {
  const token = `partner-token-${Date.now().toString(36)}`
  const tracking = `trk-deployed-${Date.now().toString(36)}`
  const dropoff = await request.post(`${STAND_INS}/identity/ext/ref/dropoff`, { headers: ADAPTER, data: { policies: [POLICY], pgrPartnerLoggingToken: token } })
  expect(dropoff.status()).toBe(200)
  const { REF } = (await dropoff.json()) as { REF: string }

  await page.goto(`/sso-progressive-landing?${new URLSearchParams({ PPA: 'yes', policyId: POLICY, tokenid: REF, PgrOptOutPref: '0', tracking_id: tracking })}`)
  await expect(page).toHaveURL(/\/(policy-information|e-sign)$/)
  expect(page.url()).not.toContain('tokenid')

  await expect
    .poll(async () => {
      await runCron(request)
      const { records } = (await (await request.get(`${STAND_INS}/opt-out/preferences?policyId=${POLICY}`)).json()) as {
        records: { preference: number; source: string }[]
      }
      return records.map((r) => [r.source, r.preference])
    })
    .toContainEqual(['sso-landing', 0])
  await expect
    .poll(async () => {
      await runCron(request)
      const { entries } = (await (await request.get(`${STAND_INS}/partner-logs?transactionId=${tracking}`)).json()) as {
        entries: { entry: { Message: string } }[]
      }
      return entries.map((e) => e.entry.Message)
    })
    .toContainEqual(expect.stringContaining(`SSO landing complete: policy ${POLICY}`))
})
