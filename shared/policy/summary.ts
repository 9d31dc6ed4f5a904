import { defineTexts } from '../i18n/catalog'
import type { Locale } from '../i18n/locale'

/** Field rules of the Policy Summary page (spec 001 "Policy Summary page"). */
export interface SummaryFacts {
  isFlood: boolean
  isExcessFlood: boolean
  underwritingStatus: string
}

/** Underwriting status: flood only, not excess flood, when non-empty. It always carries the caution icon. */
export function showsUnderwritingStatus(p: SummaryFacts): boolean {
  return p.isFlood && !p.isExcessFlood && p.underwritingStatus.trim() !== ''
}

/** Flood zone: flood only (excess flood is a flood policy). */
export function showsFloodZone(p: Pick<SummaryFacts, 'isFlood'>): boolean {
  return p.isFlood
}

/** Date of birth and marital status: non-flood only. */
export function showsBirthDateAndMaritalStatus(p: Pick<SummaryFacts, 'isFlood'>): boolean {
  return !p.isFlood
}

const SUMMARY_RULE_TEXTS = defineTexts(
  {
    notOnFile: 'Not on file',
    elevationCertificate:
      'Underwriting needs an Elevation Certificate for this building: a form a licensed land surveyor, engineer or architect fills in ' +
      "(your community's floodplain office may already have one). Please send it to your agent; until underwriting is completed, " +
      'the Declarations Page is not available.',
    pending: 'Underwriting is waiting for something from you. Please ask your agent what is needed.',
  },
  {
    notOnFile: 'No registrado',
    elevationCertificate:
      'Para este edificio se necesita un certificado de elevación: un formulario que llena un agrimensor, ingeniero o arquitecto con licencia ' +
      '(la oficina de zonas inundables de su comunidad puede tener uno). Envíelo a su agente; hasta que se complete la suscripción, ' +
      'la página de declaraciones no está disponible.',
    pending: 'La suscripción espera algo de usted. Pregunte a su agente qué se necesita.',
  },
)

/** Email, or 'Not on file' if empty. */
export function emailText(email: string, locale: Locale = 'en'): string {
  return email.trim() === '' ? SUMMARY_RULE_TEXTS[locale].notOnFile : email.trim()
}

/**
 * What to do about an underwriting status that waits on the policyholder (issue 35): the spec shows the
 * status only. An Elevation Certificate is named and said where it comes from; any other pending status
 * sends the person to the agent, who knows what is missing. Null when nothing is waited for.
 */
export function underwritingNextStep(status: string, locale: Locale = 'en'): string | null {
  const t = SUMMARY_RULE_TEXTS[locale]
  if (/elevation certificate/i.test(status)) return t.elevationCertificate
  if (/^pending\b/i.test(status.trim())) return t.pending
  return null
}
