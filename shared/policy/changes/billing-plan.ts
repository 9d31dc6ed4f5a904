import { z } from 'zod'
import { defineTexts } from '../../i18n/catalog'
import { formatDateIn, formatUsdIn } from '../../i18n/format'
import type { Locale } from '../../i18n/locale'

/**
 * The billing plan and due date change (issue 34 item 5, decision 217): pay what is still owed in full,
 * in two, four or ten monthly installments, on a day of the month the person chooses. The carrier's
 * installment fees are published (its billing rules), so the portal holds them here and shows every
 * plan's schedule before the person chooses; the carrier's answer to the bind carries the schedule it
 * bound, which is what the portal writes to the policy of record. One pure function (billingSchedule)
 * makes a schedule: the choosing page, the review, the stand-in's bind and the tests all use it.
 */
export const BILLING_PLANS = ['full', 'two', 'four', 'monthly'] as const
export type BillingPlan = (typeof BILLING_PLANS)[number]

export interface PlanRule {
  installments: number
  /** Months between two installments. */
  monthsApart: number
  /** The fee each installment carries, in cents (the carrier's published installment fee). */
  feeCents: number
}

/**
 * The carrier's plans as its stand-in states them (worker/dev/policy-admin/rules.ts lists them too).
 * Monthly is ten installments: the carrier's monthly plan in the records (a renewal's down payment,
 * then ten), and ten months from the first due date still end before the policy does for a switch in
 * the term's first two months; eleven would cross the policy's end for almost every switch.
 */
export const PLAN_RULES: Record<BillingPlan, PlanRule> = {
  full: { installments: 1, monthsApart: 0, feeCents: 0 },
  two: { installments: 2, monthsApart: 6, feeCents: 300 },
  four: { installments: 4, monthsApart: 3, feeCents: 300 },
  monthly: { installments: 10, monthsApart: 1, feeCents: 500 },
}

/** The days of the month a due date may fall on: 1 to 28, so every month has it. */
export const FIRST_DUE_DAY = 1
export const LAST_DUE_DAY = 28

export const BILLING_TEXTS = defineTexts(
  {
    heading: 'Change my billing plan or due date',
    intro: 'Choose how to pay what is still owed on this policy, and the day of the month it is due. Each plan shows its dates and amounts before you choose.',
    owed: 'Still owed on this policy',
    current: 'Your plan now',
    currentUnknown: 'As on your last bill',
    dueDay: 'Day of the month payments are due',
    dueDayHint: `A day from ${FIRST_DUE_DAY} to ${LAST_DUE_DAY}. The first payment is on the next such day after today.`,
    showDay: 'Show the schedules for this day',
    plan: 'How do you want to pay?',
    submit: 'Review the change',
    planRequired: 'Choose how you want to pay.',
    dueDayRequired: `Choose a day from ${FIRST_DUE_DAY} to ${LAST_DUE_DAY}.`,
    notOffered: (expiry: string, locale: Locale = 'en') =>
      `Not offered: its last payment would fall after your policy ends on ${formatDateIn(locale, expiry)}.`,
    pastDue: 'Part of your balance is past due. Please pay it first; then you can change your plan here.',
    nothingOwed: 'Nothing is owed on this policy now, so there is no plan to change.',
    sameAsNow: 'That is your plan and due day now. Choose another plan or day.',
    paymentInFlight: 'A payment on this policy is still being processed. Please change your plan once it is done.',
    fee: (cents: number, locale: Locale = 'en') => (cents === 0 ? 'No installment fee' : `Includes a ${formatUsdIn(locale, cents)} installment fee each`),
    total: (cents: number, locale: Locale = 'en') => `Total ${formatUsdIn(locale, cents)}`,
    full: 'Pay in full',
    two: 'Two installments',
    four: 'Four installments',
    monthly: 'Monthly (10 installments)',
    payment: 'Payment',
    installment: (n: number, of: number) => `Installment ${n} of ${of}`,
    installmentLine: (what: string, amount: string, date: string, fee: string | null) =>
      `${what}: ${amount} due ${date}${fee ? ` (includes a ${fee} fee)` : ''}.`,
    planOnDay: (plan: string, day: number) => `${plan}, due on day ${day}`,
    yourPlanOnDay: (day: number) => `your plan now, due on day ${day}`,
    changeLine: (from: string, to: string, day: number) => `Change from ${from} to ${to}, due on day ${day} of the month.`,
    inAll: (total: string, owed: string, fees: string) => `In all ${total}: ${owed} still owed plus ${fees} in installment fees.`,
  },
  {
    heading: 'Cambiar mi plan de pagos o fecha de vencimiento',
    intro: 'Elija cómo pagar lo que todavía se debe en esta póliza y el día del mes en que vence. Cada plan muestra sus fechas y montos antes de elegir.',
    owed: 'Lo que todavía se debe en esta póliza',
    current: 'Su plan actual',
    currentUnknown: 'Como en su última factura',
    dueDay: 'Día del mes en que vencen los pagos',
    dueDayHint: `Un día del ${FIRST_DUE_DAY} al ${LAST_DUE_DAY}. El primer pago es en el próximo de esos días después de hoy.`,
    showDay: 'Mostrar los calendarios para este día',
    plan: '¿Cómo desea pagar?',
    submit: 'Revisar el cambio',
    planRequired: 'Elija cómo desea pagar.',
    dueDayRequired: `Elija un día del ${FIRST_DUE_DAY} al ${LAST_DUE_DAY}.`,
    notOffered: (expiry, locale = 'es') => `No se ofrece: su último pago caería después de que su póliza termine el ${formatDateIn(locale, expiry)}.`,
    pastDue: 'Parte de su saldo está vencido. Páguelo primero; después podrá cambiar su plan aquí.',
    nothingOwed: 'No se debe nada en esta póliza ahora, así que no hay plan que cambiar.',
    sameAsNow: 'Ese es su plan y día de vencimiento actuales. Elija otro plan u otro día.',
    paymentInFlight: 'Todavía se está procesando un pago de esta póliza. Cambie su plan cuando termine.',
    fee: (cents, locale = 'es') => (cents === 0 ? 'Sin cargo por cuota' : `Incluye un cargo de ${formatUsdIn(locale, cents)} por cada cuota`),
    total: (cents, locale = 'es') => `Suma de todos los pagos: ${formatUsdIn(locale, cents)}`,
    full: 'Pago único',
    two: 'Dos cuotas',
    four: 'Cuatro cuotas',
    monthly: 'Mensual (10 cuotas)',
    payment: 'Pago',
    installment: (n, of) => `Cuota ${n} de ${of}`,
    installmentLine: (what, amount, date, fee) => `${what}: ${amount} vence el ${date}${fee ? ` (incluye un cargo de ${fee})` : ''}.`,
    planOnDay: (plan, day) => `${plan}, vence el día ${day}`,
    yourPlanOnDay: (day) => `su plan actual, vence el día ${day}`,
    changeLine: (from, to, day) => `Cambiar de ${from} a ${to}, con vencimiento el día ${day} del mes.`,
    inAll: (total, owed, fees) => `Se pagan ${total} en conjunto: ${owed} que todavía se debe más ${fees} en cargos por cuotas.`,
  },
)
export const BILLING_TEXT = BILLING_TEXTS.en

export const PLAN_NAMES: Record<BillingPlan, string> = {
  full: BILLING_TEXT.full,
  two: BILLING_TEXT.two,
  four: BILLING_TEXT.four,
  monthly: BILLING_TEXT.monthly,
}

/** A plan's name in a language. */
export const planName = (plan: BillingPlan, locale: Locale = 'en'): string => BILLING_TEXTS[locale][plan]

export interface Installment {
  /** yyyy-mm-dd */
  dueDate: string
  /** What is paid that day, fee included, in cents. */
  amountCents: number
  feeCents: number
}

/** A plan with its due day and schedule, as the policy of record holds it once bound. */
export const billingSchema = z.object({
  plan: z.enum(BILLING_PLANS),
  dueDay: z.number().int().min(FIRST_DUE_DAY).max(LAST_DUE_DAY),
  schedule: z.array(z.object({ dueDate: z.string(), amountCents: z.number().int(), feeCents: z.number().int() })),
})
export type Billing = z.output<typeof billingSchema>

const pad = (n: number, w: number) => String(n).padStart(w, '0')
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()

/** The date `months` months after (year, month) on `day`, or the month's last day when it is shorter. */
function onDay(year: number, month: number, months: number, day: number): string {
  const m0 = month - 1 + months
  const y = year + Math.floor(m0 / 12)
  const m = (m0 % 12) + 1
  return `${pad(y, 4)}-${pad(m, 2)}-${pad(Math.min(day, daysIn(y, m)), 2)}`
}

/** The first date after `today` falling on `day` of the month (the month's last day in a shorter month). */
export function firstDueDate(today: string, day: number): string {
  const [y, m] = today.split('-').map(Number) as [number, number]
  const thisMonth = onDay(y, m, 0, day)
  return thisMonth > today ? thisMonth : onDay(y, m, 1, day)
}

/**
 * The schedule of a plan: what is still owed (integer cents) split into the plan's installments, each
 * with the plan's fee, on `day` of the month from the first such day after `today`. The split is even
 * to the cent; the last installment takes the remainder, so the amounts add up to owed + fees exactly.
 */
export function billingSchedule(input: { owedCents: number; rule: PlanRule; day: number; today: string }): Installment[] {
  const { owedCents, rule, day, today } = input
  const n = rule.installments
  const each = Math.floor(owedCents / n)
  const [y, m] = firstDueDate(today, day).split('-').map(Number) as [number, number]
  return Array.from({ length: n }, (_, i) => {
    const share = i === n - 1 ? owedCents - each * (n - 1) : each
    return { dueDate: onDay(y, m, i * rule.monthsApart, day), amountCents: share + rule.feeCents, feeCents: rule.feeCents }
  })
}

/** Whether a schedule ends before the policy does (a payment due on or after its end date is not offered). */
export const endsBefore = (schedule: readonly Installment[], expiry: string): boolean => schedule.every((i) => i.dueDate < expiry)

/** The policy's billing as the change needs it: what is owed, its plan now (if known) and due day. */
export interface BillingNow {
  owedCents: number
  pastDueCents: number
  plan: BillingPlan | null
  dueDay: number
  /** The policy's end (its renewal date): no payment on or after it. */
  expiry: string
  /** The schedule of the plan bound online, when there is one (empty: the carrier's own bill). */
  schedule: Installment[]
}

/** The same, as the carrier's API sends and answers it (the stand-in and the HTTP adapter check it). */
export const billingNowSchema = z.object({
  owedCents: z.number().int(),
  pastDueCents: z.number().int(),
  plan: z.enum(BILLING_PLANS).nullable(),
  dueDay: z.number().int().min(1).max(31),
  expiry: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  schedule: billingSchema.shape.schedule.max(12),
})

/** What the carrier is sent. */
export interface BillingPlanChange {
  action: BillingPlan
  dueDay: number
}

/** The form: the plan and the day (coerced from the page's strings). */
export const billingPlanChangeSchema = z.object({
  plan: z.enum(BILLING_PLANS, { error: BILLING_TEXT.planRequired }),
  dueDay: z.coerce
    .number({ error: BILLING_TEXT.dueDayRequired })
    .int(BILLING_TEXT.dueDayRequired)
    .min(FIRST_DUE_DAY, BILLING_TEXT.dueDayRequired)
    .max(LAST_DUE_DAY, BILLING_TEXT.dueDayRequired),
})
export type BillingPlanChangeForm = z.output<typeof billingPlanChangeSchema>
export const BILLING_FIELDS = ['plan', 'dueDay'] as const

export const billingPlanChangeOf = (form: BillingPlanChangeForm): BillingPlanChange => ({ action: form.plan, dueDay: form.dueDay })

/** The schedule the change would bind, on `today`. */
export const scheduleOf = (now: BillingNow, change: BillingPlanChange, today: string): Installment[] =>
  billingSchedule({ owedCents: now.owedCents, rule: PLAN_RULES[change.action], day: change.dueDay, today })

/** Why the change cannot be made to this policy's billing (the form's field and message), or null. */
export function billingPlanChangeProblem(
  now: BillingNow,
  change: BillingPlanChange,
  today: string,
  locale: Locale = 'en',
): { field: string; message: string } | null {
  const BILLING_TEXT = BILLING_TEXTS[locale]
  if (now.pastDueCents > 0) return { field: 'plan', message: BILLING_TEXT.pastDue }
  if (now.owedCents <= 0) return { field: 'plan', message: BILLING_TEXT.nothingOwed }
  if (now.plan === change.action && now.dueDay === change.dueDay) return { field: 'plan', message: BILLING_TEXT.sameAsNow }
  if (!endsBefore(scheduleOf(now, change, today), now.expiry)) return { field: 'plan', message: BILLING_TEXT.notOffered(now.expiry, locale) }
  return null
}

/**
 * The billing once the change is bound on `today` (the carrier's rule, which its stand-in uses): the
 * fees join what is owed, and the schedule is the new plan's.
 */
export function applyBillingPlanChange(now: BillingNow, change: BillingPlanChange, today: string): BillingNow {
  const schedule = scheduleOf(now, change, today)
  return { ...now, owedCents: schedule.reduce((s, i) => s + i.amountCents, 0), plan: change.action, dueDay: change.dueDay, schedule }
}

/** One line per installment, as the choosing page, the review, the mail, the history and the packet say it. */
export function installmentLine(i: Installment, n: number, of: number, locale: Locale = 'en'): string {
  const t = BILLING_TEXTS[locale]
  const fee = i.feeCents > 0 ? formatUsdIn(locale, i.feeCents) : null
  return t.installmentLine(of === 1 ? t.payment : t.installment(n, of), formatUsdIn(locale, i.amountCents), formatDateIn(locale, i.dueDate), fee)
}

/** Exactly what changes, in words. */
export function describeBillingPlanChange(now: BillingNow, change: BillingPlanChange, today: string, locale: Locale = 'en'): string[] {
  const t = BILLING_TEXTS[locale]
  const money = (cents: number) => formatUsdIn(locale, cents)
  const schedule = scheduleOf(now, change, today)
  const from = now.plan ? t.planOnDay(planName(now.plan, locale), now.dueDay) : t.yourPlanOnDay(now.dueDay)
  const total = schedule.reduce((s, i) => s + i.amountCents, 0)
  return [
    t.changeLine(from, planName(change.action, locale), change.dueDay),
    ...schedule.map((i, n) => installmentLine(i, n + 1, schedule.length, locale)),
    t.inAll(money(total), money(now.owedCents), money(total - now.owedCents)),
  ]
}

/** The policy of record's billing, as a change reads it. */
export function billingNowOf(p: { totalDue: number; pastDue: number; dueDate: string; renewalDate: string; billingPlan?: Billing | undefined }): BillingNow {
  return {
    owedCents: p.totalDue,
    pastDueCents: p.pastDue,
    plan: p.billingPlan?.plan ?? null,
    dueDay: p.billingPlan?.dueDay ?? Math.min(LAST_DUE_DAY, Number(p.dueDate.slice(8, 10))),
    expiry: p.renewalDate,
    schedule: p.billingPlan?.schedule ?? [],
  }
}
