import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { api, seed } from './helpers'
import { routeOutbound, portalEnv } from './sso-support'
import { claimRow, drainClaimNotices, reportHomeownersClaim, resetClaimsSystem } from './claims-system-support'
import { signatureHeaders } from '../../worker/integrations/claims-system/webhook-signature'
import { CARD_NUMBER_MASK } from '../../shared/payments/mask-card-numbers'
import { withCheckDigit } from '../support/luhn'

/**
 * Issue 31 item 6: a signed event of the carrier holding a card number in its free text is taken (never
 * refused: the carrier would deliver it again forever) and kept with the number masked, in the event's
 * row, the claim's folded columns and the mails it brings; a redelivery is still one event.
 */
beforeAll(() => seed(), 120_000)
beforeEach(async () => {
  routeOutbound()
  await resetClaimsSystem()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const SECRET = portalEnv.CLAIMS_SYSTEM_WEBHOOK_SECRET!
const CARD = withCheckDigit('455601234567890')
const grouped = (n: string, sep: string) => n.replace(/(\d{4})(?=\d)/g, `$1${sep}`)

async function send(e: unknown): Promise<Response> {
  const body = JSON.stringify(e)
  return api('/hooks/claims-system', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(await signatureHeaders(SECRET, body, Date.now())) },
    body,
  })
}

async function deliveredClaim(): Promise<string> {
  const claimNumber = await reportHomeownersClaim()
  expect(await drainClaimNotices(Date.now() + 1000)).toMatchObject({ delivered: 1 })
  return claimNumber
}

async function storedPayloads(claimNumber: string): Promise<string[]> {
  const { results } = await env.DB.prepare('SELECT payload FROM claim_events WHERE claim_number = ? ORDER BY sequence')
    .bind(claimNumber)
    .all<{ payload: string }>()
  return results.map((r) => r.payload)
}

async function updateMails(claimNumber: string): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT payload FROM outbox WHERE channel = 'mail' AND dedupe_key LIKE ?")
    .bind(`claim-update:${claimNumber}:%`)
    .all<{ payload: string }>()
  return results.map((r) => r.payload)
}

const digitsOnly = (s: string) => s.replace(/\D/g, '')

describe('a card number in a signed claim event', () => {
  it('is taken (200) and kept masked: the event row, the mail, and a redelivery stores nothing more', async () => {
    const claimNumber = await deliveredClaim()
    const requested = {
      id: `evt-${crypto.randomUUID()}`,
      claimNumber,
      sequence: 1,
      type: 'documents.requested',
      occurredAt: '2026-03-02T10:00:00Z',
      data: { items: ['Photos of the kitchen', `The receipt paid with card ${grouped(CARD, ' ')}`] },
    }
    const res = await send(requested)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ received: true, duplicate: false })
    expect(await storedPayloads(claimNumber)).toEqual([JSON.stringify({ items: ['Photos of the kitchen', `The receipt paid with card ${CARD_NUMBER_MASK}`] })])
    const mails = await updateMails(claimNumber)
    expect(mails.length).toBeGreaterThan(0)
    for (const mail of mails) {
      expect(mail).toContain(CARD_NUMBER_MASK)
      expect(digitsOnly(mail)).not.toContain(CARD)
    }

    const again = await send(requested)
    expect(await again.json()).toEqual({ received: true, duplicate: true })
    expect(await storedPayloads(claimNumber)).toHaveLength(1)
  })

  it("in the adjuster's name and a closing reason: the claim's columns and the timeline hold the mask", async () => {
    const claimNumber = await deliveredClaim()
    const adjuster = { name: `Dana ${grouped(CARD, '-')}`, phone: '512-555-0142', email: 'dana.whitaker@carrier.example' }
    expect((await send({ id: `evt-${crypto.randomUUID()}`, claimNumber, sequence: 1, type: 'adjuster.assigned', data: { adjuster } })).status).toBe(200)
    expect(
      (await send({ id: `evt-${crypto.randomUUID()}`, claimNumber, sequence: 2, type: 'claim.closed', data: { reason: `Refunded to ${CARD}` } })).status,
    ).toBe(200)
    expect(await claimRow(claimNumber)).toMatchObject({ status: 'Closed', adjuster_name: `Dana ${CARD_NUMBER_MASK}`, adjuster_phone: '512-555-0142' })
    const payloads = await storedPayloads(claimNumber)
    expect(JSON.parse(payloads[1]!)).toEqual({ reason: `Refunded to ${CARD_NUMBER_MASK}` })
    expect(digitsOnly(payloads.join(''))).not.toContain(CARD)
  })
})
