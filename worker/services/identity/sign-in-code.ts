import { portalNow } from '../../lib/clock'
import type { Env } from '../../env'
import type { ProfileRow } from '../../db/identity/profiles'
import { consumeCode, findCode, takeTry, insertCodeStatement, retireCodesStatement, type SignInCodeRow } from '../../db/identity/sign-in-codes'
import { lockedUntil, recordEvents, type CounterRule } from '../../db/counters'
import { MAIL_CHANNEL } from '../outbox/send-mail'
import { signInCodeMail } from '../../integrations/mail/security-templates'
import { CODE_MAX_TRIES, CODE_VALID_MS, judgeCode, type CodeVerdict } from '../../../shared/identity/sign-in-code'
import { enqueue, kickDrain, type Background } from '../outbox/outbox'
import { randomLetters, sameSecret } from '../../lib/random-token'
import { hmac } from '../../lib/signed-value'
import { CODE_LIMIT_MSG } from '../../../shared/identity/sign-in-messages'

const WINDOW = 15 * 60_000
/** Codes mailed: 5 per account and 20 per address in 15 minutes (each code allows 5 entries). */
const SEND_PER_ACCOUNT: CounterRule = { limit: 5, windowMs: WINDOW, lockMs: WINDOW }
const SEND_PER_ADDRESS: CounterRule = { limit: 20, windowMs: WINDOW, lockMs: WINDOW }
/** Wrong codes from one address, whichever accounts they were for. */
const WRONG_PER_ADDRESS: CounterRule = { limit: 30, windowMs: WINDOW, lockMs: WINDOW }

export { CODE_LIMIT_MSG }

/** Six uniformly random digits (rejection sampling: no digit is likelier than another). */
export function randomCode(): string {
  const buf = new Uint32Array(1)
  const ceiling = 4_294_000_000 // the largest multiple of 1,000,000 below 2^32
  for (;;) {
    crypto.getRandomValues(buf)
    if (buf[0]! < ceiling) return String(buf[0]! % 1_000_000).padStart(6, '0')
  }
}

/** The stored form of a code: an HMAC under a server key and the code's own id, never the digits. */
const codeHash = (env: Env, codeId: string, code: string) => hmac(env, `code:${codeId}:${code}`)

export type SendResult = { ok: true; codeId: string } | { ok: false; errorMessage: string }

/**
 * Mails a new code (decision 179) for a sign-in or a step-up of `sessionId`. The earlier unused codes
 * it replaces stop working (every sign-in code of the profile; a step-up code only of the same session);
 * the code row and its mail are one batch. Limited per account and per
 * address before anything is written.
 */
export async function sendCode(
  env: Env,
  profile: Pick<ProfileRow, 'profile_id' | 'email_address' | 'language'>,
  purpose: SignInCodeRow['purpose'],
  sessionId: string | null,
  meta: { ip: string; background: Background | null },
  at?: number,
): Promise<SendResult> {
  // The portal's clock (in development a tester may move it, so an expired code can be tried).
  const now = at ?? (await portalNow(env))
  const keys = [
    { key: `code-send:profile:${profile.profile_id}`, rule: SEND_PER_ACCOUNT },
    { key: `code-send:ip:${meta.ip}`, rule: SEND_PER_ADDRESS },
  ]
  if (
    await lockedUntil(
      env.DB,
      keys.map((k) => k.key),
      now,
    )
  )
    return { ok: false, errorMessage: CODE_LIMIT_MSG }
  const codeId = randomLetters(16)
  const code = randomCode()
  const mail = signInCodeMail(profile.email_address, code, CODE_VALID_MS / 60_000, purpose, profile.language)
  await env.DB.batch([
    retireCodesStatement(env.DB, { profile_id: profile.profile_id, purpose, session_id: sessionId }, now),
    insertCodeStatement(env.DB, {
      code_id: codeId,
      profile_id: profile.profile_id,
      purpose,
      session_id: sessionId,
      code_hash: await codeHash(env, codeId, code),
      created_at: now,
      expires_at: now + CODE_VALID_MS,
    }),
    enqueue(env.DB, { channel: MAIL_CHANNEL, payload: mail, dedupeKey: `mail:code:${codeId}`, at: now }),
  ])
  await recordEvents(env.DB, keys, now)
  await kickDrain(env, meta.background, { channels: [MAIL_CHANNEL] })
  return { ok: true, codeId }
}

export type CheckResult = { verdict: CodeVerdict; profileId: string } | { verdict: 'gone' } | { verdict: 'limited' }

/**
 * Judges a typed code against the code `codeId` names, which must be of `purpose` (and, for step-up, of
 * the session asking). A code of another account can never match: the row is found by its id, and its
 * hash covers the id. Right: the code is used up at once (one statement, so a race cannot use it twice).
 * Wrong: one of its 5 tries is gone, and the address's count of wrong codes grows.
 */
export async function checkCode(
  env: Env,
  codeId: string,
  typed: string,
  expect: { purpose: SignInCodeRow['purpose']; sessionId?: string },
  meta: { ip: string },
  at?: number,
): Promise<CheckResult> {
  const now = at ?? (await portalNow(env))
  const row = await findCode(env.DB, codeId)
  if (!row || row.purpose !== expect.purpose || (expect.sessionId !== undefined && row.session_id !== expect.sessionId)) return { verdict: 'gone' }
  const wrongKey = { key: `code-wrong:ip:${meta.ip}`, rule: WRONG_PER_ADDRESS }
  if (await lockedUntil(env.DB, [wrongKey.key], now)) return { verdict: 'limited' }
  // The try is taken before the comparison: five guesses at once are five tries, not five reads of 'none yet'.
  const tryNumber = await takeTry(env.DB, codeId, CODE_MAX_TRIES, now)
  if (tryNumber === null) {
    const current = (await findCode(env.DB, codeId)) ?? row
    return { verdict: judgeCode({ usedAt: current.used_at, expiresAt: current.expires_at, tries: current.tries }, false, now), profileId: row.profile_id }
  }
  const matches = sameSecret(await codeHash(env, codeId, typed), row.code_hash)
  let verdict: CodeVerdict = matches ? 'ok' : 'wrong'
  if (verdict === 'ok' && !(await consumeCode(env.DB, codeId, now))) verdict = 'used'
  if (verdict === 'wrong') {
    await recordEvents(env.DB, [wrongKey], now)
    // The fifth wrong entry already says that a new code is needed.
    if (tryNumber >= CODE_MAX_TRIES) verdict = 'too-many-tries'
  }
  return { verdict, profileId: row.profile_id }
}
