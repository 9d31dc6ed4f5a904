import type { Locale } from '../../../shared/i18n/locale'
import { formatPhone } from '../../../shared/format'
import { newDocumentMail } from '../../integrations/mail/paperless-templates'
import type { MailMessage } from '../../integrations/mail/port'

type NewDocument = { policyId: string; description: string; portalUrl: string; supportPhone: string }

/** The new-document mail in the profile's language (issue 36): the English template as it was, or its Spanish. */
export function newDocumentMailIn(locale: Locale, to: string, d: NewDocument): MailMessage {
  if (locale === 'en') return newDocumentMail(to, d)
  return {
    kind: 'paperless-new-document',
    to,
    subject: `Un documento nuevo para su póliza de ProgHome ${d.policyId}`,
    text: [
      `Hay un documento nuevo disponible para su póliza ${d.policyId}: ${d.description}.`,
      '',
      `Para leerlo, inicie sesión en ProgHome, abra la póliza ${d.policyId} y elija Documentos: ${d.portalUrl}`,
      '',
      'Recibe este correo porque eligió documentos sin papel. Para volver a recibir sus documentos por correo postal, elija Documentos sin papel en Su perfil, o llámenos.',
      `Para pedir una copia en papel gratuita de este documento, llámenos al ${formatPhone(d.supportPhone)}.`,
    ].join('\n'),
  }
}
