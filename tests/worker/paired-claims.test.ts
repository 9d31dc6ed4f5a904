import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { Browser, seed } from './helpers'
import { mainOf, oneClearStatement, policyTagged, text } from './servicing-helpers'
import { routeOutbound, portalEnv, standInFetch } from './sso-support'
import { claimReport, floodClaim, lossDay, NO_REPAIRS, SAM_HOME } from './claims-fixtures'
import { homeownersClaimOf, us } from '../support/claim-submission'
import { drainClaimNotices, resetClaimsSystem, STAND_IN } from './claims-system-support'
import { drainOutbox } from '../../worker/services/outbox/outbox'
import { claimLinkHandler, pairedClaimOffer } from '../../worker/services/claims/paired-claims'
import { reportClaim } from '../../worker/services/claims/claim-report'
import { findPolicy } from '../../worker/db/policy/policies'

/**
 * Issue 33 item 4 (decision 213): one loss, two policies. noor (claims.paired-home-flood) holds a
 * homeowners and a flood policy on one Pensacola house. After a storm claim on one, the success page
 * offers the other with the loss facts carried over; the claim reported from it is linked to the first,
 * and each claims system is told the other claim's number once, through the 'claim-link' channel.
 */
const NOOR = policyTagged('claims.paired-home')
const NOOR_HOME = NOOR.policyId
const NOOR_FLOOD = policyTagged('claims.paired-flood').policyId
const follow = { headers: { Referer: 'https://localhost/system-message', 'Sec-Fetch-Dest': 'document' } }

beforeAll(() => seed(), 120_000)
beforeEach(async () => {
  routeOutbound()
  await resetClaimsSystem()
  await env.DB.prepare("UPDATE outbox SET status = 'delivered' WHERE channel = 'claim-link' AND status IN ('pending', 'leased')").run()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const noorClaim = {
  firstName: 'Noor',
  lastName: 'Haddad',
  homePhone: '850-555-0142',
  cellPhone: '850-555-0199',
  preferredContact: '3',
  emailAddress: 'noor.paired@example.com',
  lossAddress: '412 Magnolia Street',
  lossCity: 'Pensacola',
  lossState: 'FL',
  lossZipCode: '32501',
  claimReportedByName: 'Noor Haddad',
  claimReportedByPhone: '850-555-0142',
}
const windClaim = (over: Record<string, unknown> = {}) =>
  homeownersClaimOf(NOOR_HOME, us(lossDay('FL')), {
    ...noorClaim,
    weatherRelated: 'yes',
    causeOfLoss: 'Wind/Hail',
    perilMappingId: 111,
    lossDescription: 'Hurricane winds tore the shingles off; the street flooded into the house.',
    confirmEmailAddress: 'noor.paired@example.com',
    claimReportedByRelationship: 'Self',
    ...over,
  })
const floodOfNoor = (over: Record<string, unknown> = {}) =>
  floodClaim({ ...noorClaim, policyId: NOOR_FLOOD, lossDescription: 'Storm surge: two feet of water downstairs.', emergencyRepair: NO_REPAIRS, ...over })

async function signedIn(policyId: string): Promise<Browser> {
  const b = new Browser()
  expect((await b.login(NOOR.owner)).status).toBe(303)
  expect((await b.form('/account-home', { policyId })).status).toBe(303)
  return b
}

/** Reports a claim as the island does (cookie session); the claim number, or the refusal's status and words. */
async function report(b: Browser, policyId: string, submission: unknown, o: { pairedWith?: string; key?: string } = {}) {
  const family = policyId.startsWith('FLD') ? 'flood' : 'homeowners'
  const sent = claimReport(submission)
  const query = o.pairedWith ? `?pairedWith=${o.pairedWith}` : ''
  const res = await b.fetch(`/v1/${family}/FirstNoticeOfLoss/${policyId}${query}`, {
    method: 'POST',
    headers: { ...sent.headers, 'X-Requested-With': 'portal', 'Idempotency-Key': o.key ?? crypto.randomUUID() },
    body: sent.body,
  })
  const body = await res.text()
  return { status: res.status, body, claimNumber: /(HO|FL)-\d{4}-\d{6}/.exec(body)?.[0] ?? '' }
}

const links = (claimNumber: string) =>
  env.DB.prepare(
    'SELECT claim_number, linked_claim_number, linked_policy_id, sent_at FROM claim_links WHERE claim_number = ?1 OR linked_claim_number = ?1 ORDER BY claim_number',
  )
    .bind(claimNumber)
    .all<{ claim_number: string; linked_claim_number: string; linked_policy_id: string; sent_at: number | null }>()
    .then((r) => r.results)

interface Related {
  reference: string
  claimNumber: string | null
  policyNumber: string
  lineOfBusiness: string
}
async function relatedOf(claimNumber: string): Promise<Related[]> {
  const res = await standInFetch(`${STAND_IN}/claims`)
  const claims = ((await res.json()) as { claims: { claimNumber: string; carrierClaimNumber: string | null; related: Related[] }[] }).claims
  return claims.find((c) => c.claimNumber === claimNumber)?.related ?? []
}
const carrierOf = async (claimNumber: string) =>
  (await env.DB.prepare('SELECT carrier_claim_number FROM claims WHERE claim_number = ?').bind(claimNumber).first<{ carrier_claim_number: string }>())!
    .carrier_claim_number
const drainLinks = (now: number) => drainOutbox(portalEnv, { channels: ['claim-link'], now })

describe('one storm on the paired policies', () => {
  it('offers the flood claim after the wind claim, carries the loss facts, links both and tells each claims system the other number once', async () => {
    const b = await signedIn(NOOR_HOME)
    const wind = await report(b, NOOR_HOME, windClaim())
    expect(wind.status).toBe(200)

    // The success page offers the flood claim on the same house, as a plain link.
    const message = mainOf(await (await b.fetch('/system-message')).text())
    expect(text(message)).toContain('Your flood policy may cover this loss too')
    expect(text(message)).toContain(`Your flood policy ${NOOR_FLOOD} covers the same home at 412 MAGNOLIA ST., PENSACOLA.`)
    const offer = `/report-claim?pairedWith=${wind.claimNumber}`
    expect(message).toContain(`<a href="${offer}">`)
    // The offer is a link: the page's one primary action stays its return button (issue 35 item 6).
    expect(oneClearStatement(message).primaries).toHaveLength(1)
    expect(oneClearStatement(message).secondaries).toBe(0)

    // Followed: the flood policy is loaded, and its form starts from the wind claim's facts.
    const open = await b.fetch(offer, follow)
    expect(open.status).toBe(303)
    expect(open.headers.get('Location')).toBe(offer)
    const form = await b.fetch(offer, follow)
    expect(form.status).toBe(200)
    const html = await form.text()
    expect(text(mainOf(html))).toContain(`This claim is for the same loss as claim ${wind.claimNumber}.`)
    expect(html).toContain(`"submitUrl":"/v1/flood/FirstNoticeOfLoss/${NOOR_FLOOD}?pairedWith=${wind.claimNumber}"`)
    expect(html).toContain(
      `"carried":{"lossDate":"${lossDay('FL')}","lossTime":"","description":"Hurricane winds tore the shingles off; the street flooded into the house."`,
    )
    expect(html).toContain('"cellPhone":"850-555-0199","preferredContact":"3","email":"noor.paired@example.com","reporterName":"Noor Haddad"')

    const flood = await report(b, NOOR_FLOOD, floodOfNoor(), { pairedWith: wind.claimNumber })
    expect(flood.status).toBe(200)
    expect(flood.claimNumber).toMatch(/^FL-/)
    expect(await links(wind.claimNumber)).toEqual([
      { claim_number: flood.claimNumber, linked_claim_number: wind.claimNumber, linked_policy_id: NOOR_HOME, sent_at: null },
      { claim_number: wind.claimNumber, linked_claim_number: flood.claimNumber, linked_policy_id: NOOR_FLOOD, sent_at: null },
    ])
    // The flood claim's success page names the wind claim instead of offering it again.
    const second = text(mainOf(await (await b.fetch('/system-message')).text()))
    expect(second).toContain(`You reported the homeowners claim for this loss too: ${wind.claimNumber}`)

    // Until both claims are filed the links wait; filing them brings the links forward.
    const t0 = Date.now() + 1000
    expect(await drainLinks(t0)).toMatchObject({ delivered: 0, retried: 2 })
    expect(await drainClaimNotices(t0 + 1000)).toMatchObject({ delivered: 2 })
    expect(await drainLinks(t0 + 2000)).toEqual({ delivered: 2, retried: 0, dead: 0 })
    expect(await relatedOf(wind.claimNumber)).toEqual([
      { reference: flood.claimNumber, claimNumber: await carrierOf(flood.claimNumber), policyNumber: NOOR_FLOOD, lineOfBusiness: 'flood' },
    ])
    expect(await relatedOf(flood.claimNumber)).toEqual([
      { reference: wind.claimNumber, claimNumber: await carrierOf(wind.claimNumber), policyNumber: NOOR_HOME, lineOfBusiness: 'homeowners' },
    ])
    expect((await links(wind.claimNumber)).every((l) => l.sent_at === t0 + 2000)).toBe(true)

    // Each claim's page links the other at its one address.
    const floodPage = text(mainOf(await (await b.fetch(`/claims-history/${flood.claimNumber}`)).text()))
    expect(floodPage).toContain(`This loss is also claimed on your homeowners policy: Claim ${wind.claimNumber} (policy ${NOOR_HOME})`)
    expect(floodPage).toContain('The claims team handling this claim has been told the other claim number.')
    expect(await (await b.fetch(`/claims-history/${flood.claimNumber}`)).text()).toContain(`href="/claims/${wind.claimNumber}"`)
    const windPage = await b.fetch(`/claims/${wind.claimNumber}`)
    expect(windPage.status).toBe(303)
    const windHtml = await (await b.fetch(windPage.headers.get('Location')!)).text()
    expect(text(mainOf(windHtml))).toContain(`This loss is also claimed on your flood policy: Claim ${flood.claimNumber} (policy ${NOOR_FLOOD})`)
    expect(windHtml).toContain(`href="/claims/${flood.claimNumber}"`)
  })

  it('the claims system is told once even when a link is delivered twice at once, or retried', async () => {
    const b = await signedIn(NOOR_HOME)
    const wind = await report(b, NOOR_HOME, windClaim())
    await b.form('/account-home', { policyId: NOOR_FLOOD })
    const flood = await report(b, NOOR_FLOOD, floodOfNoor(), { pairedWith: wind.claimNumber })
    expect(flood.status).toBe(200)
    await drainClaimNotices(Date.now() + 1000)
    const deliver = claimLinkHandler()
    const payload = { claimNumber: wind.claimNumber, linkedClaimNumber: flood.claimNumber }
    const meta = { id: 0, dedupeKey: `claim-link:${wind.claimNumber}:${flood.claimNumber}`, attempt: 1, now: Date.now() }
    // Two drains holding the same row at once (a lease taken over), then a retry after the row was put back.
    await Promise.all([deliver(portalEnv, payload, meta), deliver(portalEnv, payload, meta)])
    await env.DB.prepare('UPDATE claim_links SET sent_at = NULL WHERE claim_number = ?').bind(wind.claimNumber).run()
    await deliver(portalEnv, payload, { ...meta, attempt: 2 })
    expect(await relatedOf(wind.claimNumber)).toHaveLength(1)
    expect(await relatedOf(flood.claimNumber)).toHaveLength(0)
  })

  it('the other claim is reported once: a repeat of its key answers it again, another report of it is refused', async () => {
    const b = await signedIn(NOOR_HOME)
    const wind = await report(b, NOOR_HOME, windClaim())
    await b.form('/account-home', { policyId: NOOR_FLOOD })
    const key = crypto.randomUUID()
    const [one, two] = await Promise.all([
      report(b, NOOR_FLOOD, floodOfNoor(), { pairedWith: wind.claimNumber, key }),
      report(b, NOOR_FLOOD, floodOfNoor({ lossDescription: 'Water in the garage too.' }), { pairedWith: wind.claimNumber }),
    ])
    const made = [one, two].filter((r) => r.status === 200)
    expect(made).toHaveLength(1)
    const refused = [one, two].find((r) => r.status !== 200)!
    // The loser was refused before or after the winner's batch: 409 either way, nothing made.
    expect(refused.status).toBe(409)
    expect(refused.body).toContain(`The claim for this loss on this policy was reported already: ${made[0]!.claimNumber}.`)
    expect(await links(wind.claimNumber)).toHaveLength(2)
    const floodClaims = await env.DB.prepare("SELECT COUNT(*) AS n FROM claims WHERE policy_id = ? AND submission LIKE '%Water in the garage too.%'")
      .bind(NOOR_FLOOD)
      .first<{ n: number }>()
    expect(floodClaims!.n).toBe(one.status === 200 ? 0 : 1)
    if (one.status === 200) {
      const again = await report(b, NOOR_FLOOD, floodOfNoor(), { pairedWith: wind.claimNumber, key })
      expect(again).toMatchObject({ status: 200, claimNumber: one.claimNumber })
    }
    const queued = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE channel = 'claim-link' AND dedupe_key LIKE ?")
      .bind(`%${wind.claimNumber}%`)
      .first<{ n: number }>()
    expect(queued!.n).toBe(2)
  })

  it("an offer read before the other claim's batch: the batch's unique link refuses the second claim whole (409, no claim, no link, no delivery)", async () => {
    const b = await signedIn(NOOR_HOME)
    const wind = await report(b, NOOR_HOME, windClaim())
    const session = { kind: 'direct', profileId: 'p-noor', ssoScope: [] } as unknown as Parameters<typeof pairedClaimOffer>[1]
    const stale = await pairedClaimOffer(portalEnv, session, wind.claimNumber)
    expect(stale).toMatchObject({ kind: 'offer', claimNumber: wind.claimNumber })
    await b.form('/account-home', { policyId: NOOR_FLOOD })
    const first = await report(b, NOOR_FLOOD, floodOfNoor(), { pairedWith: wind.claimNumber })
    expect(first.status).toBe(200)
    const claimsBefore = await env.DB.prepare('SELECT COUNT(*) AS n FROM claims WHERE policy_id = ?').bind(NOOR_FLOOD).first<{ n: number }>()
    const outcome = await reportClaim(portalEnv, null, {
      policy: (await findPolicy(env.DB, NOOR_FLOOD))!,
      submissionText: JSON.stringify(floodOfNoor({ lossDescription: 'Reported twice by mistake.' })),
      fileIds: [],
      idempotencyKey: crypto.randomUUID(),
      sessionId: 'test',
      profileId: 'p-noor',
      draftOwner: 'profile:p-noor',
      channel: 'api',
      now: Date.now(),
      pairedWith: { claimNumber: wind.claimNumber, offer: stale },
    })
    expect(outcome).toEqual({ status: 409, body: { errorMessage: `The claim for this loss on this policy was reported already: ${first.claimNumber}.` } })
    const claimsAfter = await env.DB.prepare('SELECT COUNT(*) AS n FROM claims WHERE policy_id = ?').bind(NOOR_FLOOD).first<{ n: number }>()
    expect(claimsAfter!.n).toBe(claimsBefore!.n)
    expect(await links(wind.claimNumber)).toHaveLength(2)
    const queued = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE channel = 'claim-link' AND dedupe_key LIKE ?")
      .bind(`%${wind.claimNumber}%`)
      .first<{ n: number }>()
    expect(queued!.n).toBe(2)
  })
})

describe('when the offer is not made', () => {
  it('a partner (SSO) visit sees the offer only when its scope holds both policies', async () => {
    const b = await signedIn(NOOR_HOME)
    const wind = await report(b, NOOR_HOME, windClaim())
    const sso = (ssoScope: string[]) => ({ kind: 'sso', profileId: null, ssoScope }) as unknown as Parameters<typeof pairedClaimOffer>[1]
    expect(await pairedClaimOffer(portalEnv, sso([NOOR_HOME, NOOR_FLOOD]), wind.claimNumber)).toMatchObject({
      kind: 'offer',
      toPolicy: { policyID: NOOR_FLOOD },
    })
    expect(await pairedClaimOffer(portalEnv, sso([NOOR_HOME]), wind.claimNumber)).toBeNull()
    expect(await pairedClaimOffer(portalEnv, sso([NOOR_FLOOD, SAM_HOME]), wind.claimNumber)).toBeNull()
  })

  it('not for a peril that is not a storm', async () => {
    const b = await signedIn(NOOR_HOME)
    const fire = await report(b, NOOR_HOME, windClaim({ weatherRelated: 'no', causeOfLoss: 'Fire', perilMappingId: 121, lossDescription: 'Kitchen fire.' }))
    expect(fire.status).toBe(200)
    const message = text(mainOf(await (await b.fetch('/system-message')).text()))
    expect(message).toContain('What happens next')
    expect(message).not.toContain('may cover this loss too')
    // Asked for anyway: the plain form, and a report naming it is refused.
    const form = await b.fetch(`/report-claim?pairedWith=${fire.claimNumber}`, follow)
    expect(form.status).toBe(200)
    expect(await form.text()).not.toContain('"carried"')
    await b.form('/account-home', { policyId: NOOR_FLOOD })
    const refused = await report(b, NOOR_FLOOD, floodOfNoor(), { pairedWith: fire.claimNumber })
    expect(refused.status).toBe(400)
    expect(refused.body).toContain('This claim cannot be linked to that one')
  })

  it('not for a property with one policy', async () => {
    const sam = new Browser()
    await sam.login(policyTagged('claims.mitigation-window').owner)
    await sam.form('/account-home', { policyId: SAM_HOME })
    const wind = await report(
      sam,
      SAM_HOME,
      homeownersClaimOf(SAM_HOME, us(lossDay('TX')), { weatherRelated: 'yes', causeOfLoss: 'Wind/Hail', perilMappingId: 111, lossDescription: 'Hail.' }),
    )
    expect(wind.status).toBe(200)
    const message = text(mainOf(await (await sam.fetch('/system-message')).text()))
    expect(message).toContain('What happens next')
    expect(message).not.toContain('may cover this loss too')
  })

  it("never offers another person's policy, nor links to another person's claim", async () => {
    const b = await signedIn(NOOR_HOME)
    const wind = await report(b, NOOR_HOME, windClaim())
    // sam opens noor's offer: the plain form of sam's own policy, noor's policy not loaded, nothing carried.
    const sam = new Browser()
    await sam.login(policyTagged('claims.mitigation-window').owner)
    await sam.form('/account-home', { policyId: SAM_HOME })
    const form = await sam.fetch(`/report-claim?pairedWith=${wind.claimNumber}`, follow)
    expect(form.status).toBe(200)
    const html = await form.text()
    expect(html).not.toContain('"carried"')
    expect(html).not.toContain(NOOR_FLOOD)
    expect(html).toContain(`/FirstNoticeOfLoss/${SAM_HOME}"`)
    // and a report of sam's naming noor's claim is refused, linking nothing
    const refused = await report(
      sam,
      SAM_HOME,
      homeownersClaimOf(SAM_HOME, us(lossDay('TX')), { weatherRelated: 'yes', causeOfLoss: 'Wind/Hail', perilMappingId: 111, lossDescription: 'Hail.' }),
      { pairedWith: wind.claimNumber },
    )
    expect(refused.status).toBe(400)
    expect(await links(wind.claimNumber)).toEqual([])
  })
})
