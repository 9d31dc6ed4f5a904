import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { api, seed } from '../worker/helpers'
import { captureLogs, portalEnv, routeOutbound } from '../worker/sso-support'
import { drainClaimNotices, reportHomeownersClaim, resetClaimsSystem } from '../worker/claims-system-support'
import { drainOutbox } from '../../worker/services/outbox/outbox'
import { signatureHeaders } from '../../worker/integrations/claims-system/webhook-signature'
import { withCheckDigit } from '../support/luhn'
import { digitsOf, everythingStored } from './stored-everything'

/**
 * PCI DSS 3.3/3.4, issue 31 item 6: the carrier's claims system signs its events, so the portal takes
 * each one (a refused event would be delivered again forever) and keeps its free text with any card
 * number masked. Each free-text field of each event type carries a number, written plainly, grouped by
 * spaces, dashes, dots or non-breaking spaces, or in full-width digits; every event is answered 200;
 * afterwards no number is in D1 (the events, the claim's columns, the outbox, the mail stand-in), KV,
 * R2 or the log.
 */
beforeAll(() => seed(), 120_000)
beforeEach(async () => {
  routeOutbound()
  await resetClaimsSystem()
})
afterEach(() => vi.unstubAllGlobals())

const SECRET = portalEnv.CLAIMS_SYSTEM_WEBHOOK_SECRET!
const grouped = (n: string, sep: string) => n.replace(/(\d{4})(?=\d)/g, `$1${sep}`)
const fullWidth = (n: string) => [...n].map((d) => String.fromCodePoint(0xff10 + Number(d))).join('')

const CARDS = {
  carrierNumber: withCheckDigit('453201998877665'),
  adjusterName: withCheckDigit('542523998877661'),
  adjusterPhone: withCheckDigit('455673998877662'),
  adjusterEmail: withCheckDigit('601100998877663'),
  item: withCheckDigit('376449998877'.padEnd(14, '4')),
  itemFullWidth: withCheckDigit('491761998877664'),
  reason: withCheckDigit('222300998877665'),
}

async function send(e: unknown): Promise<Response> {
  const body = JSON.stringify(e)
  return api('/hooks/claims-system', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(await signatureHeaders(SECRET, body, Date.now())) },
    body,
  })
}

describe('card numbers in signed claim events', () => {
  it('every event is taken, and no number is kept anywhere or logged', async () => {
    const claimNumber = await reportHomeownersClaim()
    expect(await drainClaimNotices(Date.now() + 1000)).toMatchObject({ delivered: 1 })
    const events = [
      { type: 'claim.accepted', data: { carrierClaimNumber: `CC-${CARDS.carrierNumber}` } },
      {
        type: 'adjuster.assigned',
        data: {
          adjuster: {
            name: `Dana ${grouped(CARDS.adjusterName, '.')}`,
            phone: grouped(CARDS.adjusterPhone, ' '),
            email: `${CARDS.adjusterEmail}@carrier.example`,
          },
        },
      },
      { type: 'documents.requested', data: { items: [`Receipt for ${grouped(CARDS.item, '-')}`, `Statement of ${fullWidth(CARDS.itemFullWidth)}`] } },
      { type: 'claim.closed', data: { reason: `Refunded to card ${grouped(CARDS.reason, '\u00a0')}` } },
    ]
    const { lines } = await captureLogs(async () => {
      for (const [i, e] of events.entries()) {
        const res = await send({ id: `evt-${crypto.randomUUID()}`, claimNumber, sequence: i + 1, occurredAt: '2026-03-02T10:00:00Z', ...e })
        expect(res.status, e.type).toBe(200)
      }
      await drainOutbox(portalEnv, { channels: ['mail'], now: Date.now() + 1000 })
    })
    const stored = digitsOf(await everythingStored())
    const logged = digitsOf(lines.join('\n'))
    for (const [field, card] of Object.entries(CARDS)) {
      expect(stored.includes(card), `${field} stored`).toBe(false)
      expect(logged.includes(card), `${field} logged`).toBe(false)
    }
    expect(lines.some((l) => l.includes('stored masked'))).toBe(true)
    // A bound, not a speed target: searching all of D1, KV and R2 takes seconds on a busy machine.
  }, 60_000)
})
