import type { Env } from '../../env'
import { countedAttempt, reserveSlots, type CounterRule } from '../../db/counters'
import { pendingCode, putCodeStatement, verifyPhoneStatements } from '../../db/notifications/notification-settings'
import { auditStatement } from '../../db/audit'
import { NOTIFICATION_MSG, phoneEnding, TEXT_CODE_VALID_MS, textConsentWords } from '../../../shared/notifications/preferences'
import { enqueue, kickDrain, type Background } from '../outbox/outbox'
import { randomCode } from '../identity/sign-in-code'
import { hmac } from '../../lib/signed-value'
import { sameSecret } from '../../lib/random-token'
import { SMS_CHANNEL } from './texts'
import type { TextMessage } from '../../integrations/sms'
import { smsTexts } from '../../integrations/sms/texts'
import { profileLanguage } from '../../db/identity/profiles'

/**
 * A mobile number verified by a code sent to it by text (issue 32 item 5, decision 209).
 *
 * Sending: each text costs money and reaches a stranger if the number is not the person's, so codes are
 * counted per number BEFORE the text is queued (reserveSlots; the page's rate rule counts per account and
 * address the same way): 5 a day to one number, whichever accounts ask.
 * Checking: each entry is counted before the code is compared (countedAttempt): 5 wrong entries in 15
 * minutes lock the profile's check for 15 minutes, so a burst of guesses meets the allowance exactly.
 */
const SENDS_PER_NUMBER: CounterRule = { limit: 5, windowMs: 24 * 60 * 60_000, lockMs: 24 * 60 * 60_000 }
export const CODE_CHECK_RULE: CounterRule = { limit: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 }

const codeHash = (env: Env, profileId: string, phone: string, code: string) => hmac(env, `phone-code:${profileId}:${phone}:${code}`)

/**
 * How a typed code is hashed and compared: a test replaces them to hold a burst of entries in flight
 * together and to count the comparisons made.
 */
export interface CheckDeps {
  hashOfTyped: typeof codeHash
  matches: (typed: string, stored: string) => boolean
}
export const CHECK_DEPS: CheckDeps = { hashOfTyped: codeHash, matches: sameSecret }

export type SendCodeResult = { ok: true } | { ok: false; errorMessage: string; retryAfterSeconds: number }

export async function sendPhoneCode(
  env: Env,
  req: { profileId: string; phone: string; consentVersion: string; requestId: string; now: number },
  background: Background | null,
): Promise<SendCodeResult> {
  const slot = await reserveSlots(env.DB, [{ key: `rate:text-code:number:${req.phone}`, rule: SENDS_PER_NUMBER }], req.now)
  if (!slot.ok) return { ok: false, errorMessage: NOTIFICATION_MSG.sendLimit, retryAfterSeconds: slot.retryAfterSeconds }
  const code = randomCode()
  const text: TextMessage = {
    kind: 'phone-code',
    to: req.phone,
    profileId: req.profileId,
    // In the person's language (issue 36), written now so a retry sends the same words.
    text: smsTexts[await profileLanguage(env.DB, req.profileId)].phoneCode(code),
  }
  await env.DB.batch([
    putCodeStatement(env.DB, {
      profile_id: req.profileId,
      phone: req.phone,
      code_hash: await codeHash(env, req.profileId, req.phone, code),
      consent_version: req.consentVersion,
      expires_at: req.now + TEXT_CODE_VALID_MS,
      created_at: req.now,
    }),
    enqueue(env.DB, { channel: SMS_CHANNEL, payload: text, dedupeKey: `sms:phone-code:${req.profileId}:${req.requestId}`, at: req.now }),
    auditStatement(env, req.requestId, 'phone.code_sent', req.profileId, phoneEnding(req.phone)),
  ])
  await kickDrain(env, background, { channels: [SMS_CHANNEL] })
  return { ok: true }
}

export type CheckCodeResult = { ok: true; phone: string } | { ok: false; errorMessage: string }

/**
 * Checks a typed code. The attempt is counted before the comparison; a right code verifies the number
 * with the consent it was sent under (its text stored as shown) and clears any STOP from before.
 */
export async function checkPhoneCode(
  env: Env,
  req: { profileId: string; code: string; requestId: string; now: number },
  deps: CheckDeps = CHECK_DEPS,
): Promise<CheckCodeResult> {
  const pending = await pendingCode(env.DB, req.profileId)
  if (!pending) return { ok: false, errorMessage: NOTIFICATION_MSG.codeNone }
  let expired = false
  const attempt = await countedAttempt(env.DB, `text-code:profile:${req.profileId}`, CODE_CHECK_RULE, req.now, async (admitted) => {
    // Hashed whether admitted or not: a refused entry costs the same work.
    const typed = await deps.hashOfTyped(env, req.profileId, pending.phone, req.code)
    if (!admitted) return false
    if (req.now >= pending.expires_at) {
      expired = true
      return false
    }
    return deps.matches(typed, pending.code_hash)
  })
  if (!attempt.passed) {
    if (attempt.locked) return { ok: false, errorMessage: NOTIFICATION_MSG.codeLocked }
    return { ok: false, errorMessage: expired ? NOTIFICATION_MSG.codeExpired : NOTIFICATION_MSG.codeWrong }
  }
  // Only a consent version a page shows is stored, with the words of its language; the page refuses others before sending.
  const consentText = textConsentWords(pending.consent_version) ?? ''
  await env.DB.batch([
    ...verifyPhoneStatements(env.DB, pending, { text: consentText, at: req.now }),
    auditStatement(env, req.requestId, 'phone.verified', req.profileId, `${phoneEnding(pending.phone)} consent ${pending.consent_version}`),
  ])
  return { ok: true, phone: pending.phone }
}
