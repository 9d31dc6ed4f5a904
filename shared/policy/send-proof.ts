import { z } from 'zod'
import { GENERAL_MSG } from '../forms/general-validators'
import { isPlainMailbox } from '../forms/plain-mailbox'
import { defineTexts } from '../i18n/catalog'

/**
 * 'Send to my lender' (issue 24): the Policy Summary's form that mails a fresh proof of insurance to a
 * lender's address the policyholder types. Mortgagees' addresses on the policy are postal, so the form
 * offers their names (the mail says which lender it is for) and always asks for the email address.
 */

export const SEND_PROOF_TEXTS = defineTexts(
  {
    summary: 'Send to my lender',
    intro: 'We email a new proof of insurance, with its verification code, to the address you type, and a copy to you.',
    recipientLabel: 'Send to',
    otherRecipient: 'Another person or company',
    loan: (name: string, loanId: string) => `${name} (loan ${loanId})`,
    emailLabel: 'Their email address',
    submit: 'Send proof of insurance',
    emailRequired: 'Enter the email address to send the proof of insurance to',
    emailInvalid: 'Enter one email address, like name@example.com',
    sent: (to: string) => `Sent to ${to}.`,
    copied: (to: string) => `A copy went to ${to}.`,
    noCopy: 'We have no email address on file for you, so no copy was sent.',
  },
  {
    summary: 'Enviar a mi compañía hipotecaria',
    intro:
      'Enviamos por correo electrónico un nuevo comprobante de seguro, con su código de verificación, a la dirección que usted escriba, y una copia a usted.',
    recipientLabel: 'Enviar a',
    otherRecipient: 'Otra persona o compañía',
    loan: (name, loanId) => `${name} (préstamo ${loanId})`,
    emailLabel: 'Correo electrónico del destinatario',
    submit: 'Enviar comprobante de seguro',
    emailRequired: 'Escriba el correo electrónico al que se enviará el comprobante de seguro',
    emailInvalid: 'Escriba un solo correo electrónico, como nombre@ejemplo.com',
    sent: (to) => `Enviado a ${to}.`,
    copied: (to) => `Se envió una copia a ${to}.`,
    noCopy: 'No tenemos un correo electrónico suyo registrado, así que no se envió una copia.',
  },
)

/** The English texts, as the tests and the schema read them. */
export const SEND_PROOF_TEXT = SEND_PROOF_TEXTS.en

/** The recipient field's value for 'another address'. */
export const OTHER_RECIPIENT = 'other'

const EMAIL_MAX = 254

/** The address typed: one plain mailbox (shared/forms/plain-mailbox.ts), never a list, a literal or a query. */
const lenderEmail = z
  .string({ error: SEND_PROOF_TEXT.emailRequired })
  .trim()
  .min(1, { error: SEND_PROOF_TEXT.emailRequired })
  .max(EMAIL_MAX, { error: GENERAL_MSG.maxLength(EMAIL_MAX) })
  .refine(isPlainMailbox, { error: SEND_PROOF_TEXT.emailInvalid })

export const sendProofSchema = z.object({
  recipient: z.string().trim().max(40).default(OTHER_RECIPIENT),
  email: lenderEmail,
})

export type SendProofForm = z.output<typeof sendProofSchema>
