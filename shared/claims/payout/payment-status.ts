import { defineTexts } from '../../i18n/catalog'
/**
 * A claim payment's method and where it stands (issue 33 item 1, decision 210). `payment.issued` starts
 * a payment (its id, amount, method, status, the payees); `payment.status` moves it on. Events come
 * late, twice or out of order: a payment's status is the furthest along of every status heard for it,
 * so an 'issued' arriving after 'deposited' cannot move it back, and a status heard before its
 * `payment.issued` waits for it (a payment is shown once its amount is known).
 */
export const PAYMENT_STATUSES = ['issued', 'check-mailed', 'deposited', 'check-cashed'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

const PAYMENT_STATUS_WORDS: Record<PaymentStatus, string> = {
  issued: 'Issued',
  'check-mailed': 'Check mailed',
  deposited: 'Deposited in your account',
  'check-cashed': 'Check cashed',
}

/** The payment statuses in both languages (issue 36). */
export const PAYMENT_STATUS_TEXTS = defineTexts(PAYMENT_STATUS_WORDS, {
  issued: 'Emitido',
  'check-mailed': 'Cheque enviado por correo',
  deposited: 'Depositado en su cuenta',
  'check-cashed': 'Cheque cobrado',
})

/** How far along each status is: a payment never goes back. */
const RANK: Record<PaymentStatus, number> = { issued: 0, 'check-mailed': 1, deposited: 2, 'check-cashed': 2 }

interface IssuedPayment {
  paymentId: string
  date: string
  amountCents: number
  method: 'check' | 'ach' | 'wire' | 'card'
  status: PaymentStatus
  payableTo: readonly string[]
}

export type PaymentNews = { kind: 'issued'; payment: IssuedPayment } | { kind: 'status'; paymentId: string; status: PaymentStatus; date: string }

export interface PaymentState extends IssuedPayment {
  /** When it reached its status. */
  statusDate: string
}

function further(a: PaymentStatus, b: PaymentStatus): boolean {
  return RANK[b] > RANK[a]
}

/** The claim's payments in the order they were issued, each at its furthest status. */
export function paymentStates(news: readonly PaymentNews[]): PaymentState[] {
  const issued = new Map<string, PaymentState>()
  const later = new Map<string, { status: PaymentStatus; date: string }>()
  for (const n of news) {
    if (n.kind === 'issued') {
      if (!issued.has(n.payment.paymentId)) issued.set(n.payment.paymentId, { ...n.payment, statusDate: n.payment.date })
      continue
    }
    const before = later.get(n.paymentId)
    if (!before || further(before.status, n.status)) later.set(n.paymentId, { status: n.status, date: n.date })
  }
  return [...issued.values()].map((p) => {
    const moved = later.get(p.paymentId)
    return moved && further(p.status, moved.status) ? { ...p, status: moved.status, statusDate: moved.date } : p
  })
}

/** A stored event as the fold reads it: its id, type, date and checked data. */
export interface PaymentEventFacts {
  id: string
  type: string
  date: string
  data: Record<string, unknown>
}

/** A payment's news from one claim event (others: none). A payment without its own id is known by its event's id. */
export function paymentNews(e: PaymentEventFacts): PaymentNews[] {
  const d = e.data
  if (e.type === 'payment.issued') {
    const payment: IssuedPayment = {
      paymentId: (d.paymentId as string | undefined) ?? e.id,
      date: e.date,
      amountCents: d.amountCents as number,
      method: d.method as IssuedPayment['method'],
      status: (d.status as PaymentStatus | undefined) ?? 'issued',
      payableTo: (d.payableTo as string[] | undefined) ?? [],
    }
    return [{ kind: 'issued', payment }]
  }
  if (e.type === 'payment.status') return [{ kind: 'status', paymentId: d.paymentId as string, status: d.status as PaymentStatus, date: e.date }]
  return []
}
