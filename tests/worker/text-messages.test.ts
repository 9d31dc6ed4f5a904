import { env } from 'cloudflare:workers'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { api, persona, seed } from './helpers'
import { ProfileBrowser } from './profile-helpers'
import { portalEnv } from './sso-support'
import { ADJUSTER, pushEvent, seedClaim } from './claim-page-support'
import { NOTIFICATION_MSG, TEXT_CONSENT } from '../../shared/notifications/preferences'
import { smsSignatureHeaders } from '../../worker/integrations/sms/webhook-signature'
import { claimUpdateTexts } from '../../worker/services/notifications/claim-update-notices'
import { CHECK_DEPS, checkPhoneCode, CODE_CHECK_RULE } from '../../worker/services/notifications/phone-verification'
import { enqueue } from '../../worker/services/outbox/outbox-queue'
import { drainOutbox, MAX_ATTEMPTS } from '../../worker/services/outbox/outbox'
import { smsHandler } from '../../worker/services/notifications/texts'
import { createHttpSmsSender } from '../../worker/integrations/sms/http'
import type { ClaimEvent } from '../../shared/claims/events'
import { runScheduledWork } from '../../worker/services/scheduled-work'

/**
 * Text messages (issue 32 item 5, decision 209): the Notifications page's forms, the mobile number
 * verified by a code read from the SMS stand-in (reached through the HTTP adapter, as in development),
 * the counted code checks and sends under a burst, STOP from the signed inbound webhook, and the text of
 * an adjuster assignment: sent when chosen, never after STOP.
 */
const SAM = persona('direct.single') // HOM4020001
const PAGE = '/manage-profile/notifications'
let samProfileId = ''

beforeAll(async () => {
  await seed()
  samProfileId = (await env.DB.prepare('SELECT profile_id FROM profiles WHERE user_name = ?1').bind(SAM.userName).first<{ profile_id: string }>())!.profile_id
})

/** Each test starts with no number, no choices, no codes, no counts and an empty stand-in. */
beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare('DELETE FROM profile_phones'),
    env.DB.prepare('DELETE FROM phone_codes'),
    env.DB.prepare('DELETE FROM notification_preferences'),
    env.DB.prepare('DELETE FROM standin_sms'),
    env.DB.prepare(
      "DELETE FROM counters WHERE counter_key LIKE 'rate:text-code:%' OR counter_key LIKE 'text-code:%' OR counter_key LIKE 'rate:notifications:%'",
    ),
  ])
})

let numberCounter = 0
/** A fresh valid number per test (+1 512 555 01xx), so the per-number limit of one never meets another's. */
const freshNumber = () => `+1512555${String(100 + (numberCounter++ % 900)).padStart(4, '0')}`

async function signedIn(): Promise<ProfileBrowser> {
  const b = new ProfileBrowser()
  expect((await b.login(SAM)).status).toBe(303)
  return b
}

/** What the SMS stand-in received for a number, newest first: read over HTTP, as the adapter sent it. */
async function textsTo(phone: string): Promise<{ to: string; text: string }[]> {
  const res = await fetch(`${portalEnv.PORTAL_BASE_URL}/__dev/sms/messages?to=${encodeURIComponent(phone)}`)
  return ((await res.json()) as { messages: { to: string; text: string }[] }).messages
}

/** The checkbox of a kind and channel as the page rendered it: whether it is checked and whether it is disabled. */
function box(html: string, name: string): { checked: boolean; disabled: boolean } {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0]
  if (!input) throw new Error(`no box ${name}`)
  return { checked: input.includes('checked=""'), disabled: input.includes('disabled=""') }
}

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? ''

const sendCode = (b: ProfileBrowser, phone: string) => b.form(`${PAGE}/phone`, { phone, consent: 'yes', consentVersion: TEXT_CONSENT.version })

/** Adds and verifies a number the whole way: the code read from the stand-in. */
async function verifiedNumber(b: ProfileBrowser): Promise<string> {
  const phone = freshNumber()
  expect((await sendCode(b, `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`)).status).toBe(303)
  const [text] = await textsTo(phone)
  const res = await b.form(`${PAGE}/verify`, { code: codeIn(text!.text) })
  expect(res.headers.get('Location')).toBe(`${PAGE}?done=verified`)
  return phone
}

async function inbound(body: unknown, secret = portalEnv.SMS_WEBHOOK_SECRET!): Promise<Response> {
  const raw = JSON.stringify(body)
  return api('/hooks/sms', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(await smsSignatureHeaders(secret, raw, Date.now())) },
    body: raw,
  })
}

/** A claim reported by sam's profile (its texts go there). */
async function samsClaim(): Promise<string> {
  const claimNumber = await seedClaim({ policyId: SAM.policies[0]!.policyId })
  await env.DB.prepare('UPDATE claims SET profile_id = ?1 WHERE claim_number = ?2').bind(samProfileId, claimNumber).run()
  return claimNumber
}

const textChoices = (b: ProfileBrowser) => b.form(PAGE, { 'claim-updates:email': 'on', 'claim-updates:text': 'on', 'payments:email': 'on' })

describe('the choices form', () => {
  it('shows email on and text off by default, security alerts by email checked and not changeable', async () => {
    const b = await signedIn()
    const html = await (await b.fetch(PAGE)).text()
    expect(box(html, 'claim-updates:email')).toEqual({ checked: true, disabled: false })
    expect(box(html, 'payments:email')).toEqual({ checked: true, disabled: false })
    expect(box(html, 'security:email')).toEqual({ checked: true, disabled: true })
    // No number yet: the text boxes wait for one.
    expect(box(html, 'claim-updates:text')).toEqual({ checked: false, disabled: true })
    expect(html).toContain(TEXT_CONSENT.text)
  })

  it('refuses a value no box sends, with its message, and stores nothing', async () => {
    const b = await signedIn()
    const res = await b.form(PAGE, { 'claim-updates:email': 'yes' })
    expect(res.status).toBe(400)
    expect(await res.text()).toContain(NOTIFICATION_MSG.badChoice)
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM notification_preferences').first<{ n: number }>())!.n).toBe(0)
  })

  it('refuses text without a verified number, and stores nothing', async () => {
    const b = await signedIn()
    const res = await textChoices(b)
    expect(res.status).toBe(400)
    expect(await res.text()).toContain(NOTIFICATION_MSG.textNeedsPhone)
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM notification_preferences').first<{ n: number }>())!.n).toBe(0)
  })

  it('security alerts cannot be turned off: a form without them (or a forged one) leaves them on', async () => {
    const b = await signedIn()
    expect((await b.form(PAGE, {})).headers.get('Location')).toBe(`${PAGE}?done=saved`)
    const html = await (await b.fetch(`${PAGE}?done=saved`)).text()
    expect(html).toContain(NOTIFICATION_MSG.saved)
    // Everything else the form can turn off is off now; security by email is still checked.
    expect(box(html, 'claim-updates:email').checked).toBe(false)
    expect(box(html, 'payments:email').checked).toBe(false)
    expect(box(html, 'security:email')).toEqual({ checked: true, disabled: true })
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM notification_preferences WHERE kind = 'security' AND channel = 'email'").first<{
      n: number
    }>()
    expect(stored!.n).toBe(0)
    // A forged 'security:email' field is no field of the form: ignored, the alerts stay on.
    await b.form(PAGE, { 'security:email': 'off' })
    expect(box(await (await b.fetch(PAGE)).text(), 'security:email')).toEqual({ checked: true, disabled: true })
  })
})

describe('the mobile number', () => {
  it('refuses a number that is not a US mobile number, and the box left unchecked, with their messages', async () => {
    const b = await signedIn()
    const bad = await b.form(`${PAGE}/phone`, { phone: '555-0142', consent: 'yes', consentVersion: TEXT_CONSENT.version })
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain(NOTIFICATION_MSG.phoneInvalid)
    const unchecked = await b.form(`${PAGE}/phone`, { phone: '(512) 555-0142', consentVersion: TEXT_CONSENT.version })
    expect(unchecked.status).toBe(400)
    expect(await unchecked.text()).toContain(NOTIFICATION_MSG.consentRequired)
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM standin_sms').first<{ n: number }>())!.n).toBe(0)
  })

  it('is verified by the code texted to it (through the adapter to the stand-in), with the consent stored as shown', async () => {
    const b = await signedIn()
    const before = Date.now()
    const phone = await verifiedNumber(b)
    const [text] = await textsTo(phone)
    expect(text!.text).toMatch(/^ProgHome: your code is \d{6}\. It works for 10 minutes\./)
    const row = await env.DB.prepare('SELECT * FROM profile_phones WHERE profile_id = ?1').bind(samProfileId).first<Record<string, unknown>>()
    expect(row).toMatchObject({ phone, consent_version: TEXT_CONSENT.version, consent_text: TEXT_CONSENT.text, stopped_at: null })
    expect(row!.consent_at as number).toBeGreaterThanOrEqual(before)
    // The code is used up: the same code again finds none.
    const again = await b.form(`${PAGE}/verify`, { code: codeIn(text!.text) })
    expect(await again.text()).toContain(NOTIFICATION_MSG.codeNone)
    // Once settled, the text's row went through the outbox and is listed there.
    const outboxRow = await env.DB.prepare("SELECT status FROM outbox WHERE channel = 'sms' ORDER BY id DESC LIMIT 1").first<{ status: string }>()
    expect(outboxRow!.status).toBe('delivered')
  })

  it('counts each code entry before checking it: twenty wrong codes at once meet the allowance of five, then even the right one is refused', async () => {
    const b = await signedIn()
    const phone = freshNumber()
    await sendCode(b, phone)
    const right = codeIn((await textsTo(phone))[0]!.text)
    const wrong = right === '000000' ? '111111' : '000000'
    // Every entry waits inside its check until all twenty have arrived, so all are truly in flight at
    // once: an entry counted after its check would let all twenty be compared.
    let arrived = 0
    let compared = 0
    let release!: () => void
    const barrier = new Promise<void>((r) => (release = r))
    const held = {
      hashOfTyped: async (...args: Parameters<typeof CHECK_DEPS.hashOfTyped>) => {
        arrived += 1
        if (arrived === 20) release()
        await barrier
        return CHECK_DEPS.hashOfTyped(...args)
      },
      matches: (typed: string, stored: string) => {
        compared += 1
        return CHECK_DEPS.matches(typed, stored)
      },
    }
    const entry = () => checkPhoneCode(portalEnv, { profileId: samProfileId, code: wrong, requestId: crypto.randomUUID(), now: Date.now() }, held)
    const results = await Promise.all(Array.from({ length: 20 }, entry))
    expect(compared).toBe(CODE_CHECK_RULE.limit)
    const messages = results.map((r) => (r.ok ? 'verified' : r.errorMessage))
    expect(messages.filter((m) => m === NOTIFICATION_MSG.codeWrong)).toHaveLength(CODE_CHECK_RULE.limit - 1)
    expect(messages.filter((m) => m === NOTIFICATION_MSG.codeLocked)).toHaveLength(20 - CODE_CHECK_RULE.limit + 1)
    // Locked: the right code, through the page, is refused too, and the number stays unverified.
    const late = await b.form(`${PAGE}/verify`, { code: right })
    expect(await late.text()).toContain(NOTIFICATION_MSG.codeLocked)
    expect(await env.DB.prepare('SELECT 1 FROM profile_phones WHERE profile_id = ?1').bind(samProfileId).first()).toBeNull()
  })

  it('limits codes sent before the send: eight asked at once send five texts, the rest are told to wait', async () => {
    const b = await signedIn()
    const phone = freshNumber()
    const answers = await Promise.all(Array.from({ length: 8 }, () => sendCode(b, phone)))
    expect(answers.filter((r) => r.status === 303)).toHaveLength(5)
    expect(answers.filter((r) => r.status === 429)).toHaveLength(3)
    expect(await textsTo(phone)).toHaveLength(5)
  })
})

describe('STOP from the SMS provider', () => {
  it('refuses an inbound text with a bad signature or none, and changes nothing', async () => {
    const b = await signedIn()
    const phone = await verifiedNumber(b)
    expect((await inbound({ id: 'in-1', from: phone, text: 'STOP' }, 'not-the-secret-0123456789abcdef0123456789')).status).toBe(401)
    const unsigned = await api('/hooks/sms', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: 'in-2', from: phone, text: 'STOP' }),
    })
    expect(unsigned.status).toBe(401)
    expect(
      (await env.DB.prepare('SELECT stopped_at FROM profile_phones WHERE profile_id = ?1').bind(samProfileId).first<{ stopped_at: null }>())!.stopped_at,
    ).toBeNull()
  })

  it('turns texts off: the page shows them off and why', async () => {
    const b = await signedIn()
    const phone = await verifiedNumber(b)
    expect((await textChoices(b)).status).toBe(303)
    expect(box(await (await b.fetch(PAGE)).text(), 'claim-updates:text')).toEqual({ checked: true, disabled: false })
    const res = await inbound({ id: 'in-3', from: phone, text: ' stop ' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ received: true, stopped: true })
    const html = await (await b.fetch(PAGE)).text()
    expect(box(html, 'claim-updates:text')).toEqual({ checked: false, disabled: true })
    expect(html).toContain('Text messages are off: you replied STOP to one of our texts on')
    // Choosing text again is refused until the number is verified again.
    expect((await textChoices(b)).status).toBe(400)
  })
})

describe('a claim update by text', () => {
  const assigned = (claimNumber: string) => pushEvent(claimNumber, 1, 'adjuster.assigned', { adjuster: ADJUSTER })

  it('reaches the SMS stand-in for an adjuster assignment when text is chosen: short, with the claim link, no contact details', async () => {
    const b = await signedIn()
    const phone = await verifiedNumber(b)
    await textChoices(b)
    const claimNumber = await samsClaim()
    expect(await assigned(claimNumber)).toBe(200)
    const texts = (await textsTo(phone)).filter((t) => t.text.includes(claimNumber))
    expect(texts).toHaveLength(1)
    expect(texts[0]!.text).toBe(
      `ProgHome claim ${claimNumber}: an adjuster has been assigned. Details: ${portalEnv.PORTAL_BASE_URL}/claims/${claimNumber} Reply STOP to stop texts.`,
    )
    expect(texts[0]!.text).not.toContain(ADJUSTER.phone)
    expect(texts[0]!.text.length).toBeLessThanOrEqual(160)
  })

  it('sends no claim update email once the reporter turned them off (the text still goes)', async () => {
    const b = await signedIn()
    const phone = await verifiedNumber(b)
    expect((await b.form(PAGE, { 'claim-updates:text': 'on', 'payments:email': 'on' })).status).toBe(303)
    const claimNumber = await samsClaim()
    expect(await assigned(claimNumber)).toBe(200)
    const mails = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE channel = 'mail' AND dedupe_key LIKE ?1")
      .bind(`claim-update:${claimNumber}:%`)
      .first<{ n: number }>()
    expect(mails!.n).toBe(0)
    expect((await textsTo(phone)).filter((t) => t.text.includes(claimNumber))).toHaveLength(1)
  })

  it('sends none when text is not chosen (the mail still goes)', async () => {
    const b = await signedIn()
    const phone = await verifiedNumber(b)
    const claimNumber = await samsClaim()
    expect(await assigned(claimNumber)).toBe(200)
    expect((await textsTo(phone)).filter((t) => t.text.includes(claimNumber))).toHaveLength(0)
    const mails = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE channel = 'mail' AND dedupe_key LIKE ?1")
      .bind(`claim-update:${claimNumber}:%`)
      .first<{ n: number }>()
    expect(mails!.n).toBeGreaterThan(0)
  })

  it('sends none after STOP, not even a text queued before the STOP', async () => {
    const b = await signedIn()
    const phone = await verifiedNumber(b)
    await textChoices(b)
    const claimNumber = await samsClaim()
    // Queued while texts were on, still waiting when the STOP comes.
    const event = { id: `evt-${crypto.randomUUID()}`, claimNumber, sequence: 1, type: 'adjuster.assigned', data: { adjuster: ADJUSTER } } as ClaimEvent
    const later = Date.now() + 3_600_000
    const [queued] = await claimUpdateTexts(portalEnv, event, later)
    expect(queued).toBeDefined()
    await enqueue(env.DB, queued!).run()
    expect((await inbound({ id: 'in-4', from: phone, text: 'STOP' })).status).toBe(200)
    await drainOutbox(portalEnv, { channels: ['sms'], now: later })
    // And an assignment after the STOP queues nothing.
    expect(await pushEvent(claimNumber, 2, 'adjuster.assigned', { adjuster: ADJUSTER })).toBe(200)
    expect((await textsTo(phone)).filter((t) => t.text.includes(claimNumber))).toHaveLength(0)
    const row = await env.DB.prepare('SELECT status FROM outbox WHERE dedupe_key = ?1').bind(queued!.dedupeKey).first<{ status: string }>()
    expect(row!.status).toBe('delivered')
  })
})

describe('a payment reminder by text', () => {
  it('goes to the verified number when chosen, and no reminder email once payment emails are off', async () => {
    const policyId = SAM.policies[0]!.policyId
    // A balance due in 7 days on sam's policy (the reminders' window).
    const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)
    await env.DB.prepare("UPDATE policies SET doc = json_set(doc, '$.dueDate', ?1, '$.amountDue', 35500) WHERE policy_id = ?2").bind(due, policyId).run()
    await env.DB.prepare('DELETE FROM outbox WHERE dedupe_key LIKE ?1 OR dedupe_key LIKE ?2')
      .bind(`payment-reminder:${policyId}:%`, `sms:payment-reminder:${policyId}:%`)
      .run()
    const b = await signedIn()
    const phone = await verifiedNumber(b)
    expect((await b.form(PAGE, { 'claim-updates:email': 'on', 'payments:text': 'on' })).status).toBe(303)
    await runScheduledWork(portalEnv, Date.parse(`${due}T17:00:00Z`) - 7 * 86_400_000)
    const mails = await env.DB.prepare('SELECT COUNT(*) AS n FROM outbox WHERE dedupe_key LIKE ?1')
      .bind(`payment-reminder:${policyId}:%`)
      .first<{ n: number }>()
    expect(mails!.n).toBe(0)
    const texts = (await textsTo(phone)).filter((t) => t.text.includes(policyId))
    expect(texts.map((t) => t.text)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^ProgHome: Your payment on policy ${policyId} is due on \\d{2}/\\d{2}/\\d{4}\\. Pay: ${portalEnv.PORTAL_BASE_URL}/ Reply STOP to stop texts\\.$`,
        ),
      ),
    ])
  })
})

describe('the sms outbox channel', () => {
  /** The real adapter with a key the stand-in refuses (401): a provider that will not take the text. */
  const refused = smsHandler(() => createHttpSmsSender({ url: `${portalEnv.PORTAL_BASE_URL}/__dev/sms/messages`, apiKey: 'not-the-key' }))
  const rowOf = (key: string) =>
    env.DB.prepare('SELECT id, status, attempts, next_attempt_at, last_error FROM outbox WHERE dedupe_key = ?1').bind(key).first<{
      id: number
      status: string
      attempts: number
      next_attempt_at: number
      last_error: string | null
    }>()

  it('retries a text the provider refused, delivers it once it takes it, and buries one it never takes (listed on /__dev/outbox)', async () => {
    const phone = freshNumber()
    const now = Date.now()
    const text = (n: number) => ({ kind: 'phone-code' as const, to: phone, profileId: samProfileId, text: `ProgHome: test text ${n}` })
    await enqueue(env.DB, { channel: 'sms', dedupeKey: 'sms:test:retried', payload: text(1), at: now }).run()
    await drainOutbox(portalEnv, { channels: ['sms'], handlers: { sms: refused }, now })
    const retried = await rowOf('sms:test:retried')
    expect(retried).toMatchObject({ status: 'pending', attempts: 1, last_error: 'SMS API answered 401' })
    await drainOutbox(portalEnv, { channels: ['sms'], now: retried!.next_attempt_at })
    expect(await rowOf('sms:test:retried')).toMatchObject({ status: 'delivered', attempts: 2 })
    expect((await textsTo(phone)).map((t) => t.text)).toEqual(['ProgHome: test text 1'])

    await enqueue(env.DB, { channel: 'sms', dedupeKey: 'sms:test:buried', payload: text(2), at: now }).run()
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const row = await rowOf('sms:test:buried')
      await drainOutbox(portalEnv, { channels: ['sms'], handlers: { sms: refused }, now: row!.next_attempt_at })
    }
    const dead = await rowOf('sms:test:buried')
    expect(dead).toMatchObject({ status: 'dead', attempts: MAX_ATTEMPTS })
    const listed = await (await new ProfileBrowser().fetch('/__dev/outbox')).text()
    expect(listed).toContain(`data-outbox-id="${dead!.id}" data-status="dead"`)
    expect((await textsTo(phone)).map((t) => t.text)).toEqual(['ProgHome: test text 1'])
  })
})
