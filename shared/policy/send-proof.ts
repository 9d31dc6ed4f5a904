import { z } from 'zod'
import { email } from '../identity/schemas/profile-fields'

/**
 * 'Send to my lender' (issue 24): the Policy Summary's form that mails a fresh proof of insurance to a
 * lender's address the policyholder types. Mortgagees' addresses on the policy are postal, so the form
 * offers their names (the mail says which lender it is for) and always asks for the email address.
 */

export const SEND_PROOF_TEXT = {
  summary: 'Send to my lender',
  intro: 'We email a new proof of insurance, with its verification code, to the address you type, and a copy to you.',
  recipientLabel: 'Send to',
  otherRecipient: 'Another person or company',
  emailLabel: 'Their email address',
  submit: 'Send proof of insurance',
  emailRequired: 'Enter the email address to send the proof of insurance to',
  emailInvalid: 'Enter an email address like name@example.com',
  sent: (to: string) => `Sent to ${to}.`,
  copied: (to: string) => `A copy went to ${to}.`,
  noCopy: 'We have no email address on file for you, so no copy was sent.',
} as const

/** The recipient field's value for 'another address'. */
export const OTHER_RECIPIENT = 'other'

export const sendProofSchema = z.object({
  recipient: z.string().trim().max(40).default(OTHER_RECIPIENT),
  email: email(SEND_PROOF_TEXT.emailRequired, SEND_PROOF_TEXT.emailInvalid),
})

export type SendProofForm = z.output<typeof sendProofSchema>
