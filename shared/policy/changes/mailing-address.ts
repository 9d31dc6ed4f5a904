import { z } from 'zod'
import { isUsState } from '../../us-states'
import { ZIP_PATTERN, formatPhone } from '../../format'
import { isPlainMailbox } from '../../forms/plain-mailbox'
import { GENERAL_MSG } from '../../forms/general-validators'
import { effectiveDate, type DateWindow } from './mortgagee'
import { defineTexts } from '../../i18n/catalog'
import type { Locale } from '../../i18n/locale'

/**
 * The mailing address and contact details of the policy (issue 34 item 3, decision 215): where the
 * carrier mails the policy's papers and bills, and the email and phone it writes and calls about the
 * policy. Not the profile's sign-in email (that is the account's, changed under Profile). One schema for
 * the page's form; the words of what changes (describeMailingAddressChange) and what binding does
 * (applyMailingAddressChange, which the stand-in uses) live here, as for the mortgage company.
 */
export const MAILING_ADDRESS_TEXTS = defineTexts(
  {
    heading: 'Change my mailing address and contact details',
    link: 'Change my mailing address, email or phone',
    intro:
      'Where we mail your policy papers and bills, and the email and phone we use about this policy. Your sign-in email is changed under Profile, not here.',
    address1: 'Mailing address',
    address2: 'Apartment, suite or unit (optional)',
    city: 'City',
    state: 'State',
    zipCode: 'ZIP code',
    email: 'Email for this policy',
    emailHint: 'We send the confirmation of this change to the email on the policy now and to this one.',
    phone: 'Phone',
    phoneHint: 'A 10-digit US number, like 916-555-0123.',
    submit: 'Review the change',
    address1Required: 'Enter the street address or PO box.',
    cityRequired: 'Enter the city.',
    stateRequired: 'Choose the state.',
    zipRequired: 'Enter a 5-digit ZIP code.',
    emailRequired: 'Enter the email address for this policy.',
    emailInvalid: 'Enter one email address, like you@example.com',
    phoneInvalid: 'Enter a 10-digit US phone number, like 916-555-0123.',
    unchanged: 'This is what the policy has now. Change the address, the email or the phone, or go back.',
    mailingLine: (from: string, to: string) => `Mailing address: from ${from} to ${to}.`,
    emailLine: (from: string, to: string) => `Email for this policy: from ${from} to ${to}.`,
    phoneLine: (from: string, to: string) => `Phone: from ${from} to ${to}.`,
    none: 'none',
  },
  {
    heading: 'Cambiar mi dirección postal y datos de contacto',
    link: 'Cambiar mi dirección postal, correo electrónico o teléfono',
    intro:
      'Adónde enviamos por correo postal los papeles y facturas de su póliza, y el correo electrónico y el teléfono que usamos para esta póliza. El correo electrónico para iniciar sesión se cambia en Perfil, no aquí.',
    address1: 'Dirección postal',
    address2: 'Apartamento, oficina o unidad (opcional)',
    city: 'Ciudad',
    state: 'Estado',
    zipCode: 'Código postal',
    email: 'Correo electrónico de esta póliza',
    emailHint: 'Enviamos la confirmación de este cambio al correo electrónico que tiene la póliza ahora y a este.',
    phone: 'Teléfono',
    phoneHint: 'Un número de EE. UU. de 10 dígitos, como 916-555-0123.',
    submit: 'Revisar el cambio',
    address1Required: 'Escriba la calle y número o el apartado postal.',
    cityRequired: 'Escriba la ciudad.',
    stateRequired: 'Elija el estado.',
    zipRequired: 'Escriba un código postal de 5 dígitos.',
    emailRequired: 'Escriba el correo electrónico de esta póliza.',
    emailInvalid: 'Escriba un solo correo electrónico, como usted@example.com',
    phoneInvalid: 'Escriba un número de teléfono de EE. UU. de 10 dígitos, como 916-555-0123.',
    unchanged: 'Esto es lo que la póliza tiene ahora. Cambie la dirección, el correo electrónico o el teléfono, o regrese.',
    mailingLine: (from, to) => `Dirección postal: de ${from} a ${to}.`,
    emailLine: (from, to) => `Correo electrónico de esta póliza: de ${from} a ${to}.`,
    phoneLine: (from, to) => `Teléfono: de ${from} a ${to}.`,
    none: 'ninguno',
  },
)
export const MAILING_ADDRESS_TEXT = MAILING_ADDRESS_TEXTS.en

const line = (max: number, required: string) => z.string({ error: required }).trim().min(1, required).max(max, GENERAL_MSG.maxLength(max))

/** The policy's mailing address and contact details, as the policy of record holds them. */
export interface PolicyContact {
  address1: string
  address2: string
  city: string
  state: string
  zipCode: string
  email: string
  /** '916-555-0123'. */
  homePhone: string
}

/** The digits of a US number as the policy of record writes them, or null. */
export function policyPhoneOf(raw: string): string | null {
  const digits = raw.replace(/[\s().+-]/g, '').replace(/^1(?=\d{10}$)/, '')
  return /^\d{10}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : null
}

export function mailingAddressChangeSchema(w: DateWindow) {
  return z.object({
    address1: line(100, MAILING_ADDRESS_TEXT.address1Required),
    address2: z.string().trim().max(100, GENERAL_MSG.maxLength(100)).default(''),
    city: line(60, MAILING_ADDRESS_TEXT.cityRequired),
    state: z.string({ error: MAILING_ADDRESS_TEXT.stateRequired }).refine(isUsState, MAILING_ADDRESS_TEXT.stateRequired),
    zipCode: z.string({ error: MAILING_ADDRESS_TEXT.zipRequired }).trim().regex(ZIP_PATTERN, MAILING_ADDRESS_TEXT.zipRequired),
    email: z
      .string({ error: MAILING_ADDRESS_TEXT.emailRequired })
      .trim()
      .min(1, MAILING_ADDRESS_TEXT.emailRequired)
      .max(254, GENERAL_MSG.maxLength(254))
      .refine(isPlainMailbox, MAILING_ADDRESS_TEXT.emailInvalid),
    homePhone: z
      .string({ error: MAILING_ADDRESS_TEXT.phoneInvalid })
      .trim()
      .refine((v) => policyPhoneOf(v) !== null, MAILING_ADDRESS_TEXT.phoneInvalid)
      .transform((v) => policyPhoneOf(v)!),
    effectiveDate: effectiveDate(w),
  })
}
export type MailingAddressChangeForm = z.output<ReturnType<typeof mailingAddressChangeSchema>>

export const MAILING_ADDRESS_FIELDS = ['address1', 'address2', 'city', 'state', 'zipCode', 'email', 'homePhone', 'effectiveDate'] as const

/** What the carrier is sent: the whole of the new contact details. */
export interface MailingAddressChange {
  action: 'update'
  contact: PolicyContact
}

export function mailingAddressChangeOf(form: MailingAddressChangeForm): MailingAddressChange {
  const { address1, address2, city, state, zipCode, email, homePhone } = form
  return { action: 'update', contact: { address1, address2, city, state, zipCode, email, homePhone } }
}

/** The policy's contact details (from the policy of record's fields). */
export function contactOf(p: {
  mailingAddress: { address1: string; address2: string; city: string; state: string; zipCode: string }
  email: string
  homePhone: string
}): PolicyContact {
  const { address1, address2, city, state, zipCode } = p.mailingAddress
  return { address1, address2, city, state, zipCode, email: p.email, homePhone: p.homePhone }
}

const addressLine = (c: PolicyContact) => [c.address1, c.address2, `${c.city}, ${c.state} ${c.zipCode}`].filter((x) => x.trim() !== '').join(', ')
const sameAddress = (a: PolicyContact, b: PolicyContact) => addressLine(a).toLowerCase() === addressLine(b).toLowerCase()
const samePhone = (a: string, b: string) => (policyPhoneOf(a) ?? a) === (policyPhoneOf(b) ?? b)

/** Why the change cannot be made (the form's field and message), or null: a change that changes nothing is not sent. */
export function mailingAddressChangeProblem(
  now: PolicyContact,
  change: MailingAddressChange,
  locale: Locale = 'en',
): { field: string; message: string } | null {
  const c = change.contact
  const unchanged = sameAddress(now, c) && now.email.trim().toLowerCase() === c.email.toLowerCase() && samePhone(now.homePhone, c.homePhone)
  return unchanged ? { field: 'address1', message: MAILING_ADDRESS_TEXTS[locale].unchanged } : null
}

/** The contact details once the change is bound. */
export function applyMailingAddressChange(_now: PolicyContact, change: MailingAddressChange): PolicyContact {
  return { ...change.contact }
}

/** Exactly what changes, one line per part that changes (the review, the mail, the history, the packet). */
export function describeMailingAddressChange(now: PolicyContact, change: MailingAddressChange, locale: Locale = 'en'): string[] {
  const t = MAILING_ADDRESS_TEXTS[locale]
  const c = change.contact
  const lines: string[] = []
  if (!sameAddress(now, c)) lines.push(t.mailingLine(addressLine(now), addressLine(c)))
  if (now.email.trim().toLowerCase() !== c.email.toLowerCase()) lines.push(t.emailLine(now.email.trim() || t.none, c.email))
  if (!samePhone(now.homePhone, c.homePhone)) lines.push(t.phoneLine(now.homePhone.trim() ? formatPhone(now.homePhone) : t.none, formatPhone(c.homePhone)))
  return lines
}
