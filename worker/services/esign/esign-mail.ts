import type { Locale } from '../../../shared/i18n/locale'
import { formatPhone } from '../../../shared/format'
import { esignConfirmationMail } from '../../integrations/mail/esign-templates'
import type { MailMessage } from '../../integrations/mail/port'

type ESignMailFacts = Parameters<typeof esignConfirmationMail>[1]

/**
 * The e-signature confirmation in the signer's language (issue 36): the English template as it was, or
 * its Spanish with the same facts; never the typed name or the initials. Written when queued, in the
 * batch that stores the signature, so a retried delivery sends the same words.
 */
export function esignConfirmationMailIn(locale: Locale, to: string, f: ESignMailFacts): MailMessage {
  if (locale === 'en') return esignConfirmationMail(to, f)
  return {
    kind: 'esign-confirmation',
    to,
    subject: `Recibimos su firma electrónica de la póliza ${f.policyId}`,
    text: [
      `Gracias. Recibimos su firma electrónica de la póliza de ProgHome ${f.policyId} el ${f.signedAt}.`,
      ...(f.documents.length > 0 ? ['', 'Lo que firmó:', ...f.documents.map((d) => `- ${d}`)] : []),
      '',
      `Puede verla, y descargar su constancia en PDF, en la página Firmas electrónicas después de iniciar sesión: ${f.historyUrl}`,
      '',
      `Si usted no firmó esto, llámenos al ${formatPhone(f.supportPhone)}.`,
    ].join('\n'),
  }
}
