import type { Locale } from '../i18n/locale'

/**
 * Words the policy administration system writes into a policy (its status, the insured's marital status, a
 * deductible's peril, its claims' status and peril; the portal's own 'Reported' and 'Received' for a claim
 * the record does not list yet), in Spanish for a Spanish page (issue 36). A word the map does not know is shown as the
 * system wrote it: it is data, and a guessed translation could say something the policy does not.
 * Exported for the product-review list (npm run texts:es, docs/spanish-texts.md).
 */
export const POLICY_WORDS_ES: Readonly<Record<string, string>> = {
  Active: 'Activa',
  'Active - Reinstated': 'Activa - Rehabilitada',
  Cancelled: 'Cancelada',
  'Cancelled - Non-Payment': 'Cancelada - Falta de pago',
  Pending: 'Pendiente',
  'Pending - Elevation Certificate Required': 'Pendiente - Se requiere un certificado de elevación',
  'Pending - Prior Loss Review': 'Pendiente - Revisión de pérdidas anteriores',
  Married: 'Casado(a)',
  Single: 'Soltero(a)',
  Divorced: 'Divorciado(a)',
  Widowed: 'Viudo(a)',
  Separated: 'Separado(a)',
  'All Other Perils': 'Todos los demás riesgos',
  'Wind/Hail': 'Viento/granizo',
  Hurricane: 'Huracán',
  'Named Storm': 'Tormenta con nombre',
  Wildfire: 'Incendio forestal',
  Building: 'Edificio',
  Contents: 'Contenido',
  'Property Damage Liability': 'Responsabilidad por daños a la propiedad',
  'Self-Insured Retention': 'Retención autoasegurada',
  // A claim (reclamo, masculine): Claims History's status and peril columns.
  Reported: 'Reportado',
  Received: 'Recibido',
  Open: 'Abierto',
  Reopened: 'Reabierto',
  Closed: 'Cerrado',
  'Closed Without Payment': 'Cerrado sin pago',
  Flood: 'Inundación',
  Theft: 'Robo',
  'Water Damage': 'Daños por agua',
  Fire: 'Incendio',
}

export function policyWordIn(locale: Locale, word: string): string {
  return locale === 'en' ? word : (POLICY_WORDS_ES[word.trim()] ?? word)
}
