import { beforeAll, describe, expect, it } from 'vitest'
import { env } from 'cloudflare:workers'
import { seed } from './helpers'
import { policyTagged } from './servicing-helpers'
import { ADJUSTER, pushEvent, queuedMails, seedClaim } from './claim-page-support'
import { runScheduledWork } from '../../worker/services/scheduled-work'
import { portalEnv } from './sso-support'
import { instantOf } from '../support/instant'

/**
 * Issue 19 items 5 and 7: a mail for each change the policyholder should hear of, queued through the
 * outbox in the batch that stores the event, once per event (an event pushed twice is one mail); and
 * a flood claim's Proof of Loss reminders 14 and 3 days before, from the scheduled work with an
 * injected clock, once each however often it runs.
 */
beforeAll(() => seed(), 120_000)

const SAM_HOME = policyTagged('claims.mitigation-window').policyId // sam.single@example.com on file
const ERIN_FLOOD = policyTagged('claims.flood-open').policyId // FL
const TYPED = 'typed.address@example.com'

async function onFileOf(policyId: string): Promise<string> {
  const row = await env.DB.prepare("SELECT json_extract(doc, '$.email') AS email FROM policies WHERE policy_id = ?").bind(policyId).first<{ email: string }>()
  return row!.email
}

describe('a mail on each change, once per event', () => {
  it.each([
    [
      'adjuster.assigned',
      { adjuster: ADJUSTER },
      'an adjuster has been assigned',
      ['Dana Whitaker', 'Phone: (512) 555-0142', 'Email: dana.whitaker@carrier.example', 'What happens next: Your adjuster will contact you'],
    ],
    [
      'documents.requested',
      { items: ['Plumber invoice', 'Photos of the ceiling'] },
      'documents requested',
      ['- Plumber invoice', '- Photos of the ceiling', 'What happens next: Please send the documents'],
    ],
    ['inspection.scheduled', { date: '2026-03-10' }, 'inspection scheduled', ['scheduled for 03/10/2026.', 'Inspection on: 03/10/2026']],
    ['payment.issued', { amountCents: 125_000, method: 'ach' }, 'payment issued', ['A payment of $1,250.00 has been issued', '(direct deposit)']],
    ['claim.closed', { reason: 'Paid in full' }, 'claim closed', ['has been closed', 'What happens next: Your claim is closed.']],
  ])('%s: one mail to the typed address and one to the address on file, however often it comes', async (type, data, subject, says) => {
    const n = await seedClaim({ policyId: SAM_HOME, email: TYPED })
    expect(await pushEvent(n, 1, 'claim.accepted', { carrierClaimNumber: 'CC-77' })).toBe(200)
    const id = `evt-${crypto.randomUUID()}`
    expect(await pushEvent(n, 2, type, data, { id })).toBe(200)
    expect(await pushEvent(n, 2, type, data, { id })).toBe(200) // the same event again
    const mails = await queuedMails(`claim-update:${n}:`)
    const onFile = await onFileOf(SAM_HOME)
    // A documents request's mails are keyed by what it asks for, so the same request again is one mail (decision 207).
    const key = type === 'documents.requested' ? expect.stringMatching(new RegExp(`^claim-update:${n}:documents-[0-9a-f]{32}$`)) : `claim-update:${n}:${id}`
    const onFileKey = type === 'documents.requested' ? expect.stringMatching(/:documents-[0-9a-f]{32}:on-file$/) : `claim-update:${n}:${id}:on-file`
    expect(mails.map((m) => [m.dedupe_key, m.to, m.kind])).toEqual([
      [key, TYPED, 'claim-update'],
      [onFileKey, onFile, 'claim-update'],
    ])
    for (const m of mails) {
      expect(m.subject).toBe(`Your ProgHome claim ${n}: ${subject}`)
      for (const s of says) expect(m.text).toContain(s)
      expect(m.text).toContain('Questions? Call our claims line at (800) 555-0199 and quote claim number CC-77.')
      expect(m.text).not.toContain('Paid in full') // the close's free-text reason stays on the page
    }
  })

  it('claim.accepted and claim.reopened send no mail; the same address typed and on file is one mail', async () => {
    const n = await seedClaim({ policyId: SAM_HOME, email: (await onFileOf(SAM_HOME)).toUpperCase() })
    await pushEvent(n, 1, 'claim.accepted', { carrierClaimNumber: 'CC-78' })
    await pushEvent(n, 2, 'claim.closed', { reason: 'x' })
    await pushEvent(n, 3, 'claim.reopened', {})
    expect((await queuedMails(`claim-update:${n}:`)).map((m) => m.dedupe_key)).toEqual([expect.stringMatching(new RegExp(`^claim-update:${n}:evt-[^:]+$`))])
  })

  it('a text from the claims system cannot add lines to the mail', async () => {
    const n = await seedClaim({ policyId: SAM_HOME, email: TYPED })
    await pushEvent(n, 1, 'documents.requested', { items: ['Invoice\nCall 1-900-555-0000 now\r\nto pay'] })
    const [mail] = await queuedMails(`claim-update:${n}:`)
    expect(mail!.text).toContain('- Invoice Call 1-900-555-0000 now to pay\n')
  })
})

describe('the flood Proof of Loss reminders, 14 and 3 days before, once each', () => {
  /** Noon on a date in Florida (the policy's clock). */
  const at = (date: string) => instantOf(date, '12:00', 'FL')

  it('the scheduled work queues each reminder once, on its day, however often it runs; none before, none for a closed claim', async () => {
    // Loss 2026-01-01: proof of loss due 2026-03-02; reminders on 02-16 (14 days) and 02-27 (3 days).
    const n = await seedClaim({ policyId: ERIN_FLOOD, family: 'flood', lossDate: '2026-01-01', email: TYPED })
    await pushEvent(n, 1, 'claim.accepted', { carrierClaimNumber: 'CC-FL-9' })
    const reminders = async () => (await queuedMails(`proof-of-loss:${n}:`)).filter((m) => m.to === TYPED)

    await runScheduledWork(portalEnv, at('2026-02-15'))
    expect(await reminders()).toEqual([])

    await runScheduledWork(portalEnv, at('2026-02-16'))
    await runScheduledWork(portalEnv, at('2026-02-16') + 60_000)
    await runScheduledWork(portalEnv, at('2026-02-20'))
    const fourteen = await reminders()
    expect(fourteen.map((m) => m.dedupe_key)).toEqual([`proof-of-loss:${n}:14`])
    expect(fourteen[0]).toMatchObject({ kind: 'proof-of-loss-reminder', subject: `Your flood claim ${n}: proof of loss due by 03/02/2026` })
    expect(fourteen[0]!.text).toContain(`Your proof of loss for flood claim ${n} is due by 03/02/2026, in 14 days.`)
    expect(fourteen[0]!.text).toContain('The insurer can extend this deadline in writing.')
    expect(fourteen[0]!.text).toContain('quote claim number CC-FL-9.')

    await runScheduledWork(portalEnv, at('2026-02-27'))
    await runScheduledWork(portalEnv, at('2026-02-27') + 60_000)
    const both = await reminders()
    expect(both.map((m) => m.dedupe_key)).toEqual([`proof-of-loss:${n}:14`, `proof-of-loss:${n}:3`])
    expect(both[1]!.text).toContain('is due by 03/02/2026, in 3 days.')
    expect((await queuedMails(`proof-of-loss:${n}:`)).map((m) => m.dedupe_key)).toContain(`proof-of-loss:${n}:3:on-file`)

    const closed = await seedClaim({ policyId: ERIN_FLOOD, family: 'flood', lossDate: '2026-01-01', email: TYPED })
    await pushEvent(closed, 1, 'claim.accepted', { carrierClaimNumber: 'CC-FL-10' })
    await pushEvent(closed, 2, 'claim.closed', { reason: 'Paid' })
    await runScheduledWork(portalEnv, at('2026-02-16'))
    expect(await queuedMails(`proof-of-loss:${closed}:`)).toEqual([])
  })

  it('a flood claim not yet accepted gets no reminder', async () => {
    const n = await seedClaim({ policyId: ERIN_FLOOD, family: 'flood', lossDate: '2026-01-01', email: TYPED })
    await runScheduledWork(portalEnv, at('2026-02-16'))
    expect(await queuedMails(`proof-of-loss:${n}:`)).toEqual([])
  })
})
