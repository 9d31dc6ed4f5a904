import { PHONE_MASK } from './masks'
import type { Choice } from './matrix'

/** Preferred contact (spec 001 section 4): the list is built from the phones entered. */

export interface InsuredPhones {
  homePhone: string
  workPhone: string
  cellPhone: string
}

const KINDS = [
  { value: '1', key: 'homePhone', label: 'Home Phone' },
  { value: '2', key: 'workPhone', label: 'Work Phone' },
  { value: '3', key: 'cellPhone', label: 'Mobile Phone' },
] as const

/** What each kind of phone is called on the page (the island passes its language's names). */
export type PhoneKindNames = Readonly<Record<keyof InsuredPhones, string>>

/** 1 Home Phone, 2 Work Phone, 3 Mobile Phone: one option per complete phone, in that order. */
export function preferredContactChoices(phones: InsuredPhones, names?: PhoneKindNames): Choice[] {
  return KINDS.filter((k) => PHONE_MASK.test(phones[k.key])).map((k) => ({ value: k.value, label: `${names?.[k.key] ?? k.label} (${phones[k.key]})` }))
}

/** The selection that survives a change of the phones: kept while its phone is still there, else cleared. */
export function keptPreferredContact(selected: string, phones: InsuredPhones): string {
  return preferredContactChoices(phones).some((c) => c.value === selected) ? selected : ''
}

/** At least one of home, work, mobile (spec 001 section 5). */
export function hasAnyPhone(phones: InsuredPhones): boolean {
  return KINDS.some((k) => phones[k.key].trim() !== '')
}
