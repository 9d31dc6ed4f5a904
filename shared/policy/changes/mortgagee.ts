import { z } from 'zod'
import { isUsState } from '../../us-states'
import { ZIP_PATTERN } from '../../format'
import { isPlainMailbox } from '../../forms/plain-mailbox'
import { GENERAL_MSG } from '../../forms/general-validators'
import { addCalendarDays } from '../../business-days'
import { defineTexts } from '../../i18n/catalog'
import type { Locale } from '../../i18n/locale'

/**
 * The mortgage company change (issue 34 item 2, decision 214): add, replace or remove a mortgagee or
 * lienholder, at its place in the policy's order (the first is paid first). One schema for the page's
 * form; what the carrier is sent (MortgageeChange) and what binding it does to the list (applyMortgageeChange,
 * the policy administration system's rule, which its stand-in uses) live here too, so the review the
 * person reads and the list the carrier answers cannot disagree.
 */
export const MORTGAGEE_TEXTS = defineTexts(
  {
    heading: 'Change my mortgage company',
    intro: 'After a refinance or a new loan, add your new lender, replace the old one or remove one that was paid off.',
    action: 'What do you want to do?',
    add: 'Add a mortgage company',
    replace: 'Replace a mortgage company',
    remove: 'Remove a mortgage company',
    position: 'Which one',
    positionForAdd: 'Its place in the order',
    type: 'Kind',
    mortgagee: 'Mortgagee (a home loan)',
    lienholder: 'Lienholder (another loan on the property)',
    name: 'Name of the company',
    loanId: 'Loan number',
    address1: 'Mailing address',
    address2: 'Suite, floor or department (optional)',
    city: 'City',
    state: 'State',
    zipCode: 'ZIP code',
    lenderEmail: "The company's email address for insurance documents",
    lenderEmailHint: 'We email it proof of your insurance once the change is made, as lenders ask after a new loan.',
    effectiveDate: 'From which date',
    effectiveDateHint: 'Today or a date within the next 60 days.',
    submit: 'Review the change',
    actionRequired: 'Choose to add, replace or remove a mortgage company.',
    positionRequired: 'Choose which mortgage company.',
    nameRequired: 'Enter the name of the mortgage company.',
    loanIdRequired: 'Enter the loan number, as it is on your loan papers (letters, digits and dashes).',
    address1Required: "Enter the company's mailing address.",
    cityRequired: 'Enter the city.',
    stateRequired: 'Choose the state.',
    zipRequired: 'Enter a 5-digit ZIP code.',
    lenderEmailRequired: 'Enter the email address the company gave for insurance documents.',
    lenderEmailInvalid: 'Enter one email address, like insurance@lender.example',
    dateInvalid: 'Enter the date as a day, month and year, like 2026-12-01.',
    dateInPast: 'A change cannot start before today online. Please call us for an earlier date.',
    dateTooLate: 'Choose a date within the next 60 days.',
    full: (cap: number) => `This policy can list ${cap === 1 ? 'one mortgage company' : `${cap} mortgage companies`}. Replace one, or call us.`,
    noSuch: 'That mortgage company is not on your policy.',
    none: 'There is no mortgage company on your policy yet.',
    typeRequired: 'Choose mortgagee or lienholder.',
  },
  {
    heading: 'Cambiar mi compañía hipotecaria',
    intro: 'Después de refinanciar o de un préstamo nuevo, agregue a su nuevo prestamista, reemplace al anterior o quite uno que ya se pagó.',
    action: '¿Qué desea hacer?',
    add: 'Agregar una compañía hipotecaria',
    replace: 'Reemplazar una compañía hipotecaria',
    remove: 'Quitar una compañía hipotecaria',
    position: 'Cuál',
    positionForAdd: 'Su lugar en el orden',
    type: 'Tipo',
    mortgagee: 'Compañía hipotecaria (un préstamo para la vivienda)',
    lienholder: 'Acreedor prendario (otro préstamo sobre la propiedad)',
    name: 'Nombre de la compañía',
    loanId: 'Número de préstamo',
    address1: 'Dirección postal',
    address2: 'Oficina, piso o departamento (opcional)',
    city: 'Ciudad',
    state: 'Estado',
    zipCode: 'Código postal',
    lenderEmail: 'El correo electrónico de la compañía para documentos de seguro',
    lenderEmailHint: 'Le enviamos un comprobante de seguro cuando se hace el cambio, como piden los prestamistas tras un préstamo nuevo.',
    effectiveDate: 'Desde qué fecha',
    effectiveDateHint: 'Hoy o una fecha dentro de los próximos 60 días.',
    submit: 'Revisar el cambio',
    actionRequired: 'Elija agregar, reemplazar o quitar una compañía hipotecaria.',
    positionRequired: 'Elija cuál compañía hipotecaria.',
    nameRequired: 'Escriba el nombre de la compañía hipotecaria.',
    loanIdRequired: 'Escriba el número de préstamo como aparece en sus papeles del préstamo (letras, dígitos y guiones).',
    address1Required: 'Escriba la dirección postal de la compañía.',
    cityRequired: 'Escriba la ciudad.',
    stateRequired: 'Elija el estado.',
    zipRequired: 'Escriba un código postal de 5 dígitos.',
    lenderEmailRequired: 'Escriba el correo electrónico que la compañía dio para documentos de seguro.',
    lenderEmailInvalid: 'Escriba un solo correo electrónico, como seguros@prestamista.example',
    dateInvalid: 'Escriba la fecha como año, mes y día, por ejemplo 2026-12-01.',
    dateInPast: 'En línea, un cambio no puede empezar antes de hoy. Llámenos para una fecha anterior.',
    dateTooLate: 'Elija una fecha dentro de los próximos 60 días.',
    full: (cap) => `Esta póliza puede tener ${cap === 1 ? 'una compañía hipotecaria' : `${cap} compañías hipotecarias`}. Reemplace una, o llámenos.`,
    noSuch: 'Esa compañía hipotecaria no está en su póliza.',
    none: 'Todavía no hay ninguna compañía hipotecaria en su póliza.',
    typeRequired: 'Elija compañía hipotecaria o acreedor prendario.',
  },
)
export const MORTGAGEE_TEXT = MORTGAGEE_TEXTS.en

const MAX_DAYS_AHEAD = 60

const line = (max: number, required: string) => z.string({ error: required }).trim().min(1, required).max(max, GENERAL_MSG.maxLength(max))

const lenderSchema = z.object({
  type: z.enum(['Mortgagee', 'Lienholder'], { error: MORTGAGEE_TEXT.typeRequired }),
  name: line(80, MORTGAGEE_TEXT.nameRequired),
  loanId: z
    .string({ error: MORTGAGEE_TEXT.loanIdRequired })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,29}$/, MORTGAGEE_TEXT.loanIdRequired),
  address1: line(100, MORTGAGEE_TEXT.address1Required),
  address2: z.string().trim().max(100, GENERAL_MSG.maxLength(100)).default(''),
  city: line(60, MORTGAGEE_TEXT.cityRequired),
  state: z.string({ error: MORTGAGEE_TEXT.stateRequired }).refine(isUsState, MORTGAGEE_TEXT.stateRequired),
  zipCode: z.string({ error: MORTGAGEE_TEXT.zipRequired }).trim().regex(ZIP_PATTERN, MORTGAGEE_TEXT.zipRequired),
})
export type Lender = z.output<typeof lenderSchema>

const lenderEmail = z
  .string({ error: MORTGAGEE_TEXT.lenderEmailRequired })
  .trim()
  .min(1, MORTGAGEE_TEXT.lenderEmailRequired)
  .max(254, GENERAL_MSG.maxLength(254))
  .refine(isPlainMailbox, MORTGAGEE_TEXT.lenderEmailInvalid)

const position = z.coerce
  .number({ error: MORTGAGEE_TEXT.positionRequired })
  .int(MORTGAGEE_TEXT.positionRequired)
  .min(1, MORTGAGEE_TEXT.positionRequired)
  .max(9, MORTGAGEE_TEXT.positionRequired)

/** The dates a change may start on: today (the policy's state's date) to MAX_DAYS_AHEAD days on. */
export interface DateWindow {
  today: string
}

/** The effective date every kind's form takes (today to MAX_DAYS_AHEAD days on, the policy's state's date). */
export function effectiveDate(w: DateWindow) {
  const last = addCalendarDays(w.today, MAX_DAYS_AHEAD)
  return z
    .string({ error: MORTGAGEE_TEXT.dateInvalid })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, MORTGAGEE_TEXT.dateInvalid)
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), MORTGAGEE_TEXT.dateInvalid)
    .refine((d) => d >= w.today, MORTGAGEE_TEXT.dateInPast)
    .refine((d) => d <= last, MORTGAGEE_TEXT.dateTooLate)
}

/** The form, for the dates of `w`: the fields of the action chosen (a removal names only which one and when). */
export function mortgageeChangeSchema(w: DateWindow) {
  const when = effectiveDate(w)
  return z.discriminatedUnion(
    'action',
    [
      lenderSchema.extend({ action: z.literal('add'), position, lenderEmail, effectiveDate: when }),
      lenderSchema.extend({ action: z.literal('replace'), position, lenderEmail, effectiveDate: when }),
      z.object({ action: z.literal('remove'), position, effectiveDate: when }),
    ],
    { error: MORTGAGEE_TEXT.actionRequired },
  )
}
export type MortgageeChangeForm = z.output<ReturnType<typeof mortgageeChangeSchema>>

/** The fields of the form, in its order (for the first error's focus and what is shown again). */
export const MORTGAGEE_FIELDS = [
  'action',
  'position',
  'type',
  'name',
  'loanId',
  'address1',
  'address2',
  'city',
  'state',
  'zipCode',
  'lenderEmail',
  'effectiveDate',
] as const

/** What the carrier is sent: the change without the lender's email (the portal's own, for the proof). */
export type MortgageeChange = { action: 'add' | 'replace'; position: number; lender: Lender } | { action: 'remove'; position: number }

export function mortgageeChangeOf(form: MortgageeChangeForm): MortgageeChange {
  if (form.action === 'remove') return { action: 'remove', position: form.position }
  const { action, position: at, type, name, loanId, address1, address2, city, state, zipCode } = form
  return { action, position: at, lender: { type, name, loanId, address1, address2, city, state, zipCode } }
}

/** A mortgagee as the policy of record holds it. */
export interface MortgageeEntry extends Lender {
  mortgageeId: number
  escrowFlag: string
}

/**
 * Why the change cannot be made to this list (the form's field and message), or null. `cap`: how many
 * the policy can list (mortgageeCap, shared/policy/mortgagees.ts).
 */
export function mortgageeChangeProblem(
  list: readonly MortgageeEntry[],
  change: MortgageeChange,
  cap: number,
  locale: Locale = 'en',
): { field: string; message: string } | null {
  const MORTGAGEE_TEXT = MORTGAGEE_TEXTS[locale]
  if (change.action === 'add') {
    if (list.length >= cap) return { field: 'action', message: MORTGAGEE_TEXT.full(cap) }
    if (change.position > list.length + 1) return { field: 'position', message: MORTGAGEE_TEXT.positionRequired }
    return null
  }
  if (list.length === 0) return { field: 'action', message: MORTGAGEE_TEXT.none }
  return change.position > list.length ? { field: 'position', message: MORTGAGEE_TEXT.noSuch } : null
}

/**
 * The list once the change is bound: an added one takes its place and those after it move down; a
 * replaced one keeps its place (and its number) with the new company, escrow unknown until the lender
 * says; a removed one leaves its place. Numbers of the others are kept; a new one gets the next number.
 */
export function applyMortgageeChange(list: readonly MortgageeEntry[], change: MortgageeChange): MortgageeEntry[] {
  const at = change.position - 1
  if (change.action === 'remove') return list.filter((_, i) => i !== at)
  if (change.action === 'replace') return list.map((m, i) => (i === at ? { ...change.lender, mortgageeId: m.mortgageeId, escrowFlag: '0' } : m))
  const nextId = Math.max(0, ...list.map((m) => m.mortgageeId)) + 1
  return [...list.slice(0, at), { ...change.lender, mortgageeId: nextId, escrowFlag: '0' }, ...list.slice(at)]
}

const WORDS = defineTexts(
  {
    ordinals: 'first second third fourth fifth sixth seventh eighth ninth',
    numbered: (n: number) => `number ${n}`,
    loan: (id: string) => `, loan ${id}`,
    mortgagee: 'mortgagee',
    lienholder: 'lienholder',
    add: (lender: string, place: string, kind: string, _n: number) => `Add ${lender} as the ${place} ${kind}.`,
    placeOf: (place: string, _n: number) => `the ${place} mortgage company`,
    replace: (old: string, lender: string, place: string, kind: string, _n: number) => `Replace ${old} with ${lender}, as the ${place} ${kind}.`,
    remove: (old: string) => `Remove ${old} from the policy.`,
  },
  {
    ordinals: '',
    numbered: (n) => `número ${n}`,
    loan: (id) => `, préstamo ${id}`,
    mortgagee: 'compañía hipotecaria',
    lienholder: 'acreedor prendario',
    add: (lender, _place, kind, n) => `Agregar a ${lender} como ${kind} número ${n}.`,
    placeOf: (_place, n) => `la compañía hipotecaria número ${n}`,
    replace: (old, lender, _place, kind, n) => `Reemplazar a ${old} por ${lender}, como ${kind} número ${n}.`,
    remove: (old) => `Quitar a ${old} de la póliza.`,
  },
)

const ordinal = (n: number, locale: Locale) => WORDS[locale].ordinals.split(' ')[n - 1] || WORDS[locale].numbered(n)

/** One line naming a lender as the review and the history show it. */
export const lenderLine = (l: Pick<Lender, 'name' | 'loanId'>, locale: Locale = 'en') => `${l.name}${l.loanId ? WORDS[locale].loan(l.loanId) : ''}`

/** Exactly what changes, in words (the review step, the confirmation mail, the history, the packet). */
export function describeMortgageeChange(list: readonly MortgageeEntry[], change: MortgageeChange, locale: Locale = 'en'): string[] {
  const w = WORDS[locale]
  const current = list[change.position - 1]
  const place = ordinal(change.position, locale)
  const kind = (t: Lender['type']) => (t === 'Lienholder' ? w.lienholder : w.mortgagee)
  const old = current ? lenderLine(current, locale) : w.placeOf(place, change.position)
  switch (change.action) {
    case 'add':
      return [w.add(lenderLine(change.lender, locale), place, kind(change.lender.type), change.position)]
    case 'replace':
      return [w.replace(old, lenderLine(change.lender, locale), place, kind(change.lender.type), change.position)]
    case 'remove':
      return [w.remove(old)]
  }
}

/** Whether binding the change sends documents to a party new to the policy (step-up first, decision 202). */
export const sendsToNewParty = (change: MortgageeChange): boolean => change.action !== 'remove'
