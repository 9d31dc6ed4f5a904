import { formatPhone } from '../../../shared/format'
import type { MailMessage } from './port'

/** What an e-signature confirmation says (issue 35): never the typed name or the initials. */
interface ESignMailFacts {
  policyId: string
  /** 'MM/dd/yyyy h:mm AM EST' on the policy state's clock. */
  signedAt: string
  /** The documents presented, by their titles. */
  documents: readonly string[]
  historyUrl: string
  supportPhone: string
}

/** The confirmation of an e-signature, queued in the same batch that stores it (one per signature). */
export function esignConfirmationMail(to: string, f: ESignMailFacts): MailMessage {
  return {
    kind: 'esign-confirmation',
    to,
    subject: `We received your e-signature for policy ${f.policyId}`,
    text: [
      `Thank you. We received your e-signature for ProgHome policy ${f.policyId} on ${f.signedAt}.`,
      ...(f.documents.length > 0 ? ['', 'What you signed:', ...f.documents.map((d) => `- ${d}`)] : []),
      '',
      `You can see it, and download its record as a PDF, on the E-Signatures page after logging in: ${f.historyUrl}`,
      '',
      `If you did not sign this, call us at ${formatPhone(f.supportPhone)}.`,
    ].join('\n'),
  }
}
