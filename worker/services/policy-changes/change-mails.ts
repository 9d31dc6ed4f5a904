import type { Locale } from '../../../shared/i18n/locale'
import { formatPhone } from '../../../shared/format'
import { policyChangeMail, type PolicyChangeMailFacts } from '../../integrations/mail/policy-change-templates'
import type { MailMessage } from '../../integrations/mail/port'

/**
 * The change's confirmation in the person's language (issue 36, decision 235): the English template as it
 * was, or its Spanish with the same facts (already written in Spanish by the caller). Rendered when queued,
 * so a retried delivery sends the same words.
 */
export function policyChangeMailIn(locale: Locale, to: string, f: PolicyChangeMailFacts): MailMessage {
  if (locale === 'en') return policyChangeMail(to, f)
  const bound = f.outcome === 'bound'
  return {
    kind: 'policy-change',
    to,
    subject: bound ? `Su póliza ${f.policyId} se cambió` : `Recibimos su cambio a la póliza ${f.policyId}`,
    text: [
      bound ? `Como usted lo pidió, cambiamos su póliza ${f.policyId} (${f.kindName}):` : `Recibimos su cambio a la póliza ${f.policyId} (${f.kindName}):`,
      ...f.lines.map((l) => `- ${l}`),
      `Desde: ${f.effectiveOn}`,
      `Prima: ${f.premiumChange}`,
      '',
      bound
        ? 'El paquete de cambio de póliza está en Documentos cuando inicie sesión.'
        : `Está pendiente: servicios de pólizas lo revisa antes de que entre en vigor. ${f.whoCalls}`,
      `Sus cambios: ${f.changesUrl}`,
      '',
      `¿No pidió esto? Llámenos al ${formatPhone(f.supportPhone)}.`,
    ].join('\n'),
  }
}
