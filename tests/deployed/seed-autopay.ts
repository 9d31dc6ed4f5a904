/**
 * The deployed tier's automatic payment on its due date (tests/deployed/autopay.spec.ts). A deployed
 * portal runs on the real clock, and a draft pays a due date at least 3 business days after its
 * enrolment, so a journey cannot enrol and wait: before the portal starts, this gives wren.worstday's
 * HOM4060001 what weeks of use would have: a card kept at the processor (tokenized by the stand-ins'
 * payments sandbox, over its API, as the portal does when a card is saved), an enrolment accepted two
 * weeks ago, and an installment due yesterday (UTC: the due date has come in every US time zone, and
 * the late-draft window of 3 days still takes it). Run by tests/deployed/start.mjs with the portal's
 * state folder (PORTAL_STATE_DIR) and the payments sandbox's address (PAYMENT_API_URL, PAYMENT_API_KEY).
 */
import { join } from 'node:path'
import type { D1Database } from '@cloudflare/workers-types'
import { getPlatformProxy } from 'wrangler'
import { AUTOPAY_TERMS_VERSION, autopayTermsText } from '../../shared/payments/autopay'
import { SAVE_CONSENT_VERSION, saveConsentText } from '../../shared/payments/saved-methods'

const AUTOPAY_POLICY = 'HOM4060001'
const USER = 'wren.worstday'
const DAY = 86_400_000

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const need = (name: string) =>
  process.env[name] ??
  (() => {
    throw new Error(`${name} is not set`)
  })()

const now = Date.now()
const reference = `deployed-autopay-${now.toString(36)}`
const res = await fetch(`${need('PAYMENT_API_URL')}/methods`, {
  method: 'POST',
  headers: { Authorization: `Bearer ${need('PAYMENT_API_KEY')}`, 'Content-Type': 'application/json', 'Idempotency-Key': reference },
  body: JSON.stringify({
    reference,
    method: {
      kind: 'card',
      number: '4111111111111111',
      expMonth: 12,
      expYear: new Date(now).getUTCFullYear() + 3,
      cvv: '123',
      name: 'Wren Achterberg',
      zip: '70130',
    },
  }),
})
if (res.status !== 200) throw new Error(`the payments sandbox answered ${res.status}`)
const card = (await res.json()) as { token: string; brand: string; last4: string; expMonth: number; expYear: number }

const proxy = await getPlatformProxy<{ DB: D1Database }>({
  configPath: 'wrangler.toml',
  persist: { path: join(need('PORTAL_STATE_DIR'), 'v3') },
  remoteBindings: false,
})
try {
  const db = proxy.env.DB
  const profile = await db.prepare('SELECT profile_id FROM profiles WHERE user_name = ?').bind(USER).first<{ profile_id: string }>()
  if (!profile) throw new Error(`no profile ${USER}: run the demo seed first`)
  const policy = await db.prepare('SELECT state FROM policies WHERE policy_id = ?').bind(AUTOPAY_POLICY).first<{ state: string }>()
  if (!policy) throw new Error(`no policy ${AUTOPAY_POLICY}`)
  const methodId = 'pm_deployedautopay'
  const terms = autopayTermsText({ kind: 'card', method: `${card.brand} ending in ${card.last4}`, policyId: AUTOPAY_POLICY, supportPhone: '1-800-555-0134' })
  await db.batch([
    db.prepare("UPDATE policies SET doc = json_set(doc, '$.dueDate', ?) WHERE policy_id = ?").bind(isoDay(now - DAY), AUTOPAY_POLICY),
    db
      .prepare(
        `INSERT INTO saved_payment_methods (method_id, profile_id, token, kind, brand, last4, exp_month, exp_year, nickname, is_default, consent_text, consent_version, consent_session_id, created_at)
         VALUES (?, ?, ?, 'card', ?, ?, ?, ?, 'My card', 1, ?, ?, 'seed', ?)`,
      )
      .bind(
        methodId,
        profile.profile_id,
        card.token,
        card.brand,
        card.last4,
        card.expMonth,
        card.expYear,
        saveConsentText('card'),
        SAVE_CONSENT_VERSION,
        now - 14 * DAY,
      ),
    db
      .prepare(
        `INSERT INTO autopay_enrolments (enrolment_id, policy_id, profile_id, method_id, terms_text, terms_version, accepted_at, enrolled_on, session_id)
         VALUES ('ap_deployedautopay', ?, ?, ?, ?, ?, ?, ?, 'seed')`,
      )
      .bind(AUTOPAY_POLICY, profile.profile_id, methodId, terms, AUTOPAY_TERMS_VERSION, now - 14 * DAY, isoDay(now - 14 * DAY)),
  ])
  console.log(`Automatic payments: ${AUTOPAY_POLICY} due ${isoDay(now - DAY)}, enrolled ${isoDay(now - 14 * DAY)} with ${card.brand} ending in ${card.last4}`)
} finally {
  await proxy.dispose()
}
