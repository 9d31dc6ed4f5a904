import * as z from 'zod/mini'
import { POLICY_NUMBER } from '../../policy/policy-number'
import type { MakePaymentTexts } from './make-payment-texts'

/**
 * Props of the make-payment island (registered in shared/forms/islands.ts). Public display data only:
 * amounts in cents, the policy's family and flags, today's date in the policyholder's time zone, the
 * support line and the addresses the island talks to. Never a secret or a stored card detail.
 * Kept apart from ./payment.ts so the island client's props check does not carry the form rules.
 */
const sitePath = z.string().check(z.regex(/^\/(?!\/)[^\s\\]*$/, 'must be a path on this site'))
const cents = z.int()
/** An object of strings (the texts travel as JSON; their keys are the catalog's type). */
const stringsOnly = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string')

export const makePaymentPropsSchema = z.strictObject({
  policyId: z.string().check(z.regex(POLICY_NUMBER, 'must be a policy number')),
  /** The API family of MakePayment for this policy ('/v1/{family}/MakePayment/{policyId}'). */
  family: z.enum(['flood', 'homeowners']),
  isFlood: z.boolean(),
  totalDueCents: cents,
  pastDueCents: cents,
  /** The amount the payment-due box shows (amount due plus past due): the amount field starts with it. */
  dueCents: cents,
  /** Flood with pH.DisableFloodPIFEdit: the amount is the total due, shown read-only. */
  amountReadOnly: z.boolean(),
  /** An email is on file for the policy or the session: the email field is not asked. */
  emailOnFile: z.boolean(),
  supportPhone: z.string().check(z.minLength(1)),
  /** yyyy-mm-dd in the policyholder's time zone (card expiry, the bank authorization's date). */
  today: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a yyyy-mm-dd date')),
  /** POST here with the spec's payload: '/v1/{family}/MakePayment/{policyId}'. */
  postUrl: sitePath,
  /** The no-script form's action ('/make-payment'). */
  formAction: sitePath,
  cancelUrl: sitePath,
  systemMessageUrl: sitePath,
  logUrl: sitePath,
  /**
   * 'Try another card or account' (decision 171): the amount, tab, billing name, address and email of the
   * payment not made, as typed, as a JSON object (a string: the island's props check stays small). Never a
   * card number, CVV, expiry or bank number.
   */
  kept: z.optional(z.string()),
  /**
   * Issue 22: the profile's saved methods that can pay this policy today, as a JSON array of
   * SavedMethodView (shared/payments/saved-methods.ts: brand or bank, last four, expiry, nickname; never
   * a token), offered first; and whether 'Save this card/account for later' is offered (a profile login).
   */
  savedMethods: z.optional(z.string()),
  canSave: z.optional(z.boolean()),
  /**
   * Decision 202: a profile login whose session was proved more than 10 minutes ago is offered Confirm It
   * Is You (this address, which comes back to Make a Payment) instead of 'Save ... for later'.
   */
  confirmToSaveUrl: z.optional(sitePath),
  /**
   * Issue 36: the island's words in the page's language (shared/payments/texts/make-payment.ts, strings
   * only, the page's facts filled in), and for a language other than English the form's messages,
   * English -> that language, so the schema's English messages are shown in it.
   */
  texts: z.custom<MakePaymentTexts>(stringsOnly),
  messages: z.optional(z.custom<Record<string, string>>(stringsOnly)),
})
export type MakePaymentProps = z.infer<typeof makePaymentPropsSchema>
