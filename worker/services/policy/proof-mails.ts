import type { Locale } from '../../../shared/i18n/locale'
import { formatPhone } from '../../../shared/format'
import { proofCopyMail, type ProofMailFacts } from '../../integrations/mail/templates'
import type { MailMessage } from '../../integrations/mail/port'

/**
 * The policyholder's copy of 'Send to my lender' in their language (issue 36): the English template as it
 * was, or its Spanish with the same facts, the same code and the same attachment.
 */
export function proofCopyMailIn(locale: Locale, to: string, f: ProofMailFacts & { sentTo: string }): MailMessage {
  if (locale === 'en') return proofCopyMail(to, f)
  return {
    kind: 'proof-of-insurance-copy',
    to,
    subject: `Su comprobante de seguro se envió a ${f.sentTo}`,
    text: [
      `Como usted lo pidió, enviamos un comprobante de seguro de su póliza ${f.policyId} a ${f.sentTo}.`,
      ...(f.lender ? [`Para: ${f.lender.name}`] : []),
      `Adjuntamos una copia de lo que enviamos: ${f.pdf.filename}`,
      '',
      `Código de verificación: ${f.code} (emitido el ${f.issuedOn})`,
      `Cualquier persona puede verificarlo en ${f.verifyUrl}`,
      '',
      `Si usted no pidió esto, llámenos al ${formatPhone(f.supportPhone)}.`,
    ].join('\n'),
    attachments: [f.pdf],
  }
}
