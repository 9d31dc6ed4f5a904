import type { CounterRule } from '../db/counters'
import type { Locale } from '../../shared/i18n/locale'
import { refusalTexts } from './texts'

/**
 * The counted limits of the portal, each declared once and named where its route is declared (a /v1
 * operation's rules, a page's POST); rate-limit.ts counts them. Numbers and reasons: decisions 125, 164,
 * 165 and 185.
 */

/**
 * Answers that tell whether something exists (decision 125): registration and profile edit say when a
 * user name or email address is in use, verifyPgr (and Find My Policy) that a policy is serviced by the
 * partner. Each answered request counts against the caller's address, its session and the policy it
 * names; 10 in 15 minutes per session or policy, 30 per address (offices share one), then 429.
 */
const PROBE_RULE: CounterRule = { limit: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 }
const PROBE_IP_RULE: CounterRule = { limit: 30, windowMs: 15 * 60_000, lockMs: 15 * 60_000 }
/** Client log lines: 30 a minute per address and per session is far more than a page in trouble sends. */
const LOG_RULE: CounterRule = { limit: 30, windowMs: 60_000, lockMs: 60_000 }

export const TOO_MANY = 'Too many requests in a short time. Please wait a few minutes and try again.'

/**
 * Card testing (issue 20 item 2, decision 165): payments the card issuer or bank did not accept count
 * against the payer's account (its profile, or an SSO session) and the policy, 5 an hour each; the
 * address (20) only where there is no account (decision 185: households and shelters share one).
 * Reserved before the charge and given back unless the payment was not accepted (issue 31 item 3,
 * decision 203), so declines sent at once reach the processor at most 5 times.
 */
export const DECLINE_RULE: CounterRule = { limit: 5, windowMs: 60 * 60_000, lockMs: 60 * 60_000 }
const DECLINE_IP_RULE: CounterRule = { limit: 20, windowMs: 60 * 60_000, lockMs: 60 * 60_000 }

/** What a payer paused by the decline limit reads (with Retry-After beside it), in the answer's language. */
function paymentsPausedMessage(minutes: number, locale: Locale): string {
  return refusalTexts[locale].paymentsPaused(minutes)
}

/** A counted limit, declared where its route is (a /v1 operation's declaration, a page's POST). */
export interface RateRule {
  name: string
  /**
   * Per address. Under a rule with perAccount, only a request without an account counts here: a signed-in
   * request counts against its account (and policy) instead, so honest people behind one address (a
   * shelter, an office, a carrier's NAT) never use up each other's allowance (decision 185).
   */
  perIp: CounterRule
  perSession?: CounterRule
  /** Per account: the session's profile (so a new login does not start over), or the session for SSO. */
  perAccount?: CounterRule
  perPolicy?: CounterRule
  /** Where the policy number is: a path parameter, a field of the JSON or form body, or the policy the guards loaded. */
  policyFrom?: { param: string } | { field: string } | 'loaded'
  /**
   * Count each request before it runs and refuse the one over the limit (fixed windows of windowMs;
   * lockMs unused), giving the count back when the answer does not count (a refusal, a replay, an answer
   * a 'marked' rule's handler did not mark): parallel requests cannot all pass one check. Without it a
   * request counts once answered, after a check of the locks, and a burst passes the limit.
   */
  reserve?: boolean
  /**
   * What counts: 'answered' (the default), every answer below 400; 'marked', only the answers the
   * handler marks with c.set('countsAgainstLimit', true) (MakePayment: a payment not accepted).
   */
  counts?: 'answered' | 'marked'
  /** The refusal's text, given the minutes to wait (default TOO_MANY). */
  message?: (minutes: number, locale: Locale) => string
}

const HOUR = 60 * 60_000
const DAY = 24 * HOUR
/** A fixed window of `windowMs` holding at most `limit` events (a reserving rule). */
const perWindow = (limit: number, windowMs: number): CounterRule => ({ limit, windowMs, lockMs: windowMs })

/**
 * Reporting a claim (issue 20 item 3, decision 164): 5 claims per policy an hour, 20 per account a day;
 * 100 per address an hour only where there is no account (after a storm a shelter or an office shares
 * one address: decision 185). No policyholder reports a sixth loss on one policy within the hour; a mail
 * relay or a flood of claims meets the limit.
 */
const CLAIM_REPORT_RULE = {
  name: 'claim',
  perIp: perWindow(100, HOUR),
  perAccount: perWindow(20, DAY),
  perPolicy: perWindow(5, HOUR),
  policyFrom: { param: 'policyId' },
  reserve: true,
} as const satisfies RateRule

/**
 * Saving a claim draft (issue 20 item 10): the island saves 800 ms after the last change, so a person
 * typing a long claim saves a few hundred times at most; 300 per 15 minutes per account and per policy,
 * 3,000 per address.
 */
const CLAIM_DRAFT_RULE = {
  name: 'claim-draft',
  perIp: { limit: 3000, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  perAccount: { limit: 300, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  perPolicy: { limit: 300, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  policyFrom: { param: 'policyId' },
} as const satisfies RateRule

/**
 * Uploading a claim file, one per request (decision 169): a person sends dozens of photos, and files added
 * to an open claim over weeks; 200 per hour per account and per policy (1,000 per address without an
 * account). Counted once answered (a refused file costs nothing).
 */
const CLAIM_FILE_RULE = {
  name: 'claim-file',
  perIp: { limit: 1000, windowMs: HOUR, lockMs: 15 * 60_000 },
  perAccount: { limit: 200, windowMs: HOUR, lockMs: 15 * 60_000 },
  perPolicy: { limit: 200, windowMs: HOUR, lockMs: 15 * 60_000 },
  policyFrom: { param: 'policyId' },
} as const satisfies RateRule

/**
 * Writing to the claims team (issue 32 item 2, decision 208): a person writes a few messages a day on a
 * claim, a worried one a few more; 30 an hour per account and per policy (300 per address without an
 * account). Reserved before the message is stored, so a burst meets the limit exactly; a repeat of an
 * Idempotency-Key and a refused message give their slot back.
 */
const CLAIM_MESSAGE_RULE = {
  name: 'claim-message',
  perIp: perWindow(300, HOUR),
  perAccount: perWindow(30, HOUR),
  perPolicy: perWindow(30, HOUR),
  policyFrom: { param: 'policyId' },
  reserve: true,
} as const satisfies RateRule

/**
 * Choosing how a claim is paid (issue 33 item 1, decision 210): each new choice is an instruction queued
 * for the claims system, so 20 choices per account and per policy an hour (200 per address without an
 * account), reserved before anything is stored; bank accounts also meet the payouts limit before the
 * processor (PAYOUT_ACCOUNT_RULE, 5 an hour).
 */
const CLAIM_PAYOUT_RULE = {
  name: 'claim-payout-choice',
  perIp: perWindow(200, HOUR),
  perAccount: perWindow(20, HOUR),
  perPolicy: perWindow(20, HOUR),
  policyFrom: { param: 'policyId' },
  reserve: true,
} as const satisfies RateRule

/**
 * Advance and living-expenses requests on a claim (issue 33 item 2, decision 211): each one is a payment
 * request to the claims team, so 10 per policy and per account an hour is room for someone correcting a
 * slip. Reserved before the request is stored (decision 203), so a burst meets the limit exactly.
 */
const CLAIM_ADVANCE_RULE = {
  name: 'claim-advance',
  perIp: perWindow(100, HOUR),
  perAccount: perWindow(10, HOUR),
  perPolicy: perWindow(10, HOUR),
  policyFrom: { param: 'policyId' },
  reserve: true,
} as const satisfies RateRule

/**
 * 'Send to my lender' (issue 24): each send mails a stranger's address, so 5 per policy and 10 per account
 * a day (100 per address without an account: a crowd behind one address is held by the account and
 * policy counts).
 * Reserved, so a double click cannot pass twice; a refused form gives its count back.
 */
const SEND_PROOF_RULE = {
  name: 'send-proof',
  perIp: perWindow(100, DAY),
  perAccount: perWindow(10, DAY),
  perPolicy: perWindow(5, DAY),
  policyFrom: 'loaded',
  reserve: true,
} as const satisfies RateRule

/**
 * Sign-in from one address (decision 185): only the sign-ins that fail count, 100 in 15 minutes, then
 * the address waits 15 minutes. A shelter's crowd signing in with the right passwords is never refused,
 * while password guessing across many accounts from one address is held to 100 tries a quarter hour
 * (each account locks after 5 of its own: decision 121).
 */
const LOGIN_FAILURE_RULE = {
  name: 'login-failed',
  perIp: { limit: 100, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  counts: 'marked',
} as const satisfies RateRule

export const RATE_RULES = {
  loginFailures: LOGIN_FAILURE_RULE,
  register: { name: 'register', perIp: PROBE_IP_RULE, perPolicy: PROBE_RULE, policyFrom: { field: 'policyID' } },
  profile: { name: 'profile', perIp: PROBE_IP_RULE, perSession: PROBE_RULE },
  verifyPgr: { name: 'verify', perIp: PROBE_IP_RULE, perSession: PROBE_RULE, perPolicy: PROBE_RULE, policyFrom: { param: 'policyId' } },
  findPolicy: { name: 'verify', perIp: PROBE_IP_RULE, perSession: PROBE_RULE, perPolicy: PROBE_RULE, policyFrom: { field: 'policyId' } },
  log: { name: 'log', perIp: LOG_RULE, perSession: LOG_RULE },
  /**
   * Changes to a profile's password and linked policies (the password change mails the owner): 30 in 15
   * minutes per account and 100 per address, far above what a person does, low enough to stop a script.
   */
  profileChanges: {
    name: 'profile-changes',
    perIp: { limit: 100, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
    perAccount: { limit: 30, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  },
  /** Signing: a policy is signed once per transaction; 100 answered attempts an hour per account and per policy. */
  esign: {
    name: 'esign',
    perIp: { limit: 500, windowMs: 60 * 60_000, lockMs: 60 * 60_000 },
    perAccount: { limit: 100, windowMs: 60 * 60_000, lockMs: 60 * 60_000 },
    perPolicy: { limit: 100, windowMs: 60 * 60_000, lockMs: 60 * 60_000 },
    policyFrom: { param: 'policyId' },
  },
  /** Paperless consent and withdrawal (issue 22 item 4): 30 answered changes in 15 minutes per account, 100 per address. */
  paperless: {
    name: 'paperless',
    perIp: { limit: 100, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
    perAccount: { limit: 30, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  },
  /**
   * Saved payment methods (issue 22): renaming, the default and removal 30 in 15 minutes. Adding one is
   * limited where it is saved, from every route that saves (services/payments/saved-methods.ts).
   */
  methodChanges: {
    name: 'method-changes',
    perIp: { limit: 100, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
    perAccount: { limit: 30, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  },
  // The public proof-of-insurance check (issue 24): 30 lookups per address in 15 minutes; a lender checks a few.
  verifyInsurance: { name: 'verify-insurance', perIp: PROBE_IP_RULE },
  /**
   * A code sent by text to verify a mobile number (issue 32 item 5, decision 209): each one is a text to a
   * number, so 5 an hour per account and 20 per address, reserved before the send (a burst meets the limit
   * exactly); the service also counts 5 a day per number, whichever accounts ask.
   */
  textCode: {
    name: 'text-code',
    perIp: { limit: 20, windowMs: 60 * 60_000, lockMs: 60 * 60_000 },
    perAccount: { limit: 5, windowMs: 60 * 60_000, lockMs: 60 * 60_000 },
    reserve: true,
  },
  /** Notification choices and code entries (issue 32 item 5): 30 answered in 15 minutes per account, 100 per address. */
  notifications: {
    name: 'notifications',
    perIp: { limit: 100, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
    perAccount: { limit: 30, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  },
  /**
   * The header's language choice (issue 36): a person changes it once or twice; 30 in 15 minutes per
   * account, 300 per address without an account (a shelter's crowd each choosing once). Reserved, so a
   * burst meets the limit exactly and a refused choice gives its count back.
   */
  language: { name: 'language', perIp: perWindow(300, 15 * 60_000), perAccount: perWindow(30, 15 * 60_000), reserve: true },
  claimReport: CLAIM_REPORT_RULE,
  claimDraft: CLAIM_DRAFT_RULE,
  claimFile: CLAIM_FILE_RULE,
  claimMessage: CLAIM_MESSAGE_RULE,
  claimAdvance: CLAIM_ADVANCE_RULE,
  claimPayout: CLAIM_PAYOUT_RULE,
  sendProof: SEND_PROOF_RULE,
  declinedPayments: {
    name: 'declined',
    perIp: DECLINE_IP_RULE,
    perAccount: DECLINE_RULE,
    perPolicy: DECLINE_RULE,
    policyFrom: { param: 'policyId' },
    counts: 'marked',
    reserve: true,
    message: paymentsPausedMessage,
  },
} as const satisfies Record<string, RateRule>
