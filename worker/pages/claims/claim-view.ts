import { EVENT_DATA, type ClaimEventType } from '../../../shared/claims/events'
import type { ClaimStatus } from '../../../shared/claims/lifecycle'
import { claimStage, numberToQuote, PAYMENT_METHOD_TEXTS, STATUS_TEXTS } from '../../../shared/claims/status-words'
import { nextStep, type NextStep } from '../../../shared/claims/next-step'
import { daysLeft, proofOfLossApplies, proofOfLossDueDate } from '../../../shared/claims/flood-deadlines'
import { localDate } from '../../../shared/clock'
import { formatDateIn, formatUsdIn } from '../../../shared/i18n/format'
import type { Locale } from '../../../shared/i18n/locale'
import { claimPageTexts, type ClaimPageTexts } from './texts/claim-page'
import type { Adjuster } from '../../../shared/claims/events'
import type { StoredClaimEvent } from '../../db/claims/claim-events'
import type { ClaimPageData, ClaimPageFile } from '../../db/claims/claim-page'
import { checklistOfEvents, isOutstanding, requestKey, type DocumentLine } from '../../../shared/claims/follow-up/document-checklist'
import { claimSteps, type ClaimStep } from '../../../shared/claims/follow-up/claim-steps'
import { claimDeadlines, type ClaimDeadlines } from '../../../shared/claims/deadlines/claim-deadlines'
import { PAYMENT_STATUS_TEXTS, paymentNews, paymentStates, type PaymentStatus } from '../../../shared/claims/payout/payment-status'

/**
 * The claim page's content (issue 19 item 3) from the claim row and its events: every date on the
 * policyholder's clock (the policy's state, shared/clock.ts), every text decided here or in shared/.
 */
interface TimelineEntry {
  /** yyyy-mm-dd on the policyholder's clock. */
  date: string
  text: string
}

export interface ClaimView {
  claimNumber: string
  carrierClaimNumber: string | null
  quote: string
  statusWords: string
  closed: boolean
  next: NextStep
  adjuster: Adjuster | null
  timeline: TimelineEntry[]
  /** One line per document asked for (decision 207). */
  checklist: DocumentLine[]
  /** The tracker's steps (decision 207). */
  steps: ClaimStep[]
  /** Each payment at its furthest status (decision 210). */
  payments: ShownPayment[]
  files: ClaimPageFile[]
  proofOfLoss: { due: string; daysLeft: number } | null
  /** The deadlines of both sides by the state's law (decision 212). */
  deadlines: ClaimDeadlines
}

export interface ShownPayment {
  date: string
  amount: string
  amountCents: number
  method: string
  status: string
  statusDate: string
  /** Who the check is made out to besides the policyholder (a lender: decision 210). */
  payableTo: readonly string[]
}

interface ParsedEvent {
  /** The stored event's id (a payment without its own id is known by it). */
  id: string
  type: ClaimEventType
  date: string
  data: Record<string, unknown>
}

/** An event's date: when the claims system says it happened, else when it reached the portal. */
function eventDate(e: StoredClaimEvent, state: string): string {
  const at = e.occurred_at ? Date.parse(e.occurred_at) : Number.NaN
  return localDate(Number.isFinite(at) ? at : e.received_at, state)
}

/** The stored events that still read as their type (anything else is left out, never shown raw). */
function parsed(events: readonly StoredClaimEvent[], state: string): ParsedEvent[] {
  return events.flatMap((e) => {
    if (!(e.type in EVENT_DATA)) return []
    const type = e.type as ClaimEventType
    const data = EVENT_DATA[type].safeParse(JSON.parse(e.payload))
    return data.success ? [{ id: e.event_id, type, date: eventDate(e, state), data: data.data as Record<string, unknown> }] : []
  })
}

const LETTER_WORDS = {
  'bill-of-rights': 'letterBillOfRights',
  'status-update': 'letterStatusUpdate',
  'more-time-needed': 'letterMoreTime',
} as const
const DECISION_WORDS = {
  accepted: 'decidedAccepted',
  'partly-denied': 'decidedPartly',
  denied: 'decidedDenied',
} as const

/** The timeline line of each event type, in the page's language. */
function eventText(e: ParsedEvent, locale: Locale): string {
  const t: ClaimPageTexts = claimPageTexts[locale]
  const d = e.data
  switch (e.type) {
    case 'claim.accepted':
      return t.accepted(String(d.carrierClaimNumber))
    case 'adjuster.assigned':
      return t.adjusterAssigned((d.adjuster as Adjuster).name)
    case 'inspection.scheduled':
      return t.inspectionScheduled(formatDateIn(locale, d.date as string))
    case 'documents.requested':
      return t.documentsAsked((d.items as string[]).length)
    case 'payment.issued':
      return t.paymentIssued(
        formatUsdIn(locale, d.amountCents as number),
        PAYMENT_METHOD_TEXTS[locale][d.method as keyof (typeof PAYMENT_METHOD_TEXTS)['en']].toLowerCase(),
      )
    case 'payment.status':
      return t.paymentStatus(PAYMENT_STATUS_TEXTS[locale][d.status as PaymentStatus].toLowerCase())
    case 'claim.closed':
      return t.closed(String(d.reason))
    case 'claim.reopened':
      return t.reopened
    case 'document.received':
      return t.documentReceived
    case 'document.reviewed':
      return d.outcome === 'accepted' ? t.documentAccepted : t.documentAnother
    case 'proof.complete':
      return t.proofComplete
    case 'letter.sent':
      return t[LETTER_WORDS[d.letter as keyof typeof LETTER_WORDS]]
    case 'claim.decided':
      return t[DECISION_WORDS[d.outcome as keyof typeof DECISION_WORDS]]
  }
}

/** The checklist from the requests, the files that answer one and the claims system's news of them. */
function checklistOf(events: readonly ParsedEvent[], files: readonly ClaimPageFile[], state: string): DocumentLine[] {
  return checklistOfEvents(
    events,
    files.flatMap((f) =>
      f.file_id
        ? [{ documentId: f.file_id, name: f.file_name, answers: f.answers === null ? null : requestKey(f.answers), sentOn: localDate(f.created_at, state) }]
        : [],
    ),
  )
}

/** The claim page's content, its words in the page's language (English unless told). */
export function claimView(data: ClaimPageData, state: string, now: number, locale: Locale = 'en'): ClaimView {
  const { claim } = data
  const events = parsed(data.events, state)
  const checklist = checklistOf(events, data.files, state)
  const today = localDate(now, state)
  const status = claim.status as ClaimStatus
  const stage = claimStage(
    status,
    events.map((e) => e.type),
  )
  const flood = proofOfLossApplies(claim)
  const due = flood ? proofOfLossDueDate(claim.loss_date) : null
  const inspection = events.filter((e) => e.type === 'inspection.scheduled').at(-1)
  const timeline: TimelineEntry[] = [
    { date: localDate(claim.created_at, state), text: claimPageTexts[locale].youReported },
    ...(claim.sent_at !== null ? [{ date: localDate(claim.sent_at, state), text: claimPageTexts[locale].receivedByTeam }] : []),
    ...events.map((e) => ({ date: e.date, text: eventText(e, locale) })),
  ]
  return {
    claimNumber: claim.claim_number,
    carrierClaimNumber: claim.carrier_claim_number,
    quote: numberToQuote(claim.claim_number, claim.carrier_claim_number),
    statusWords: STATUS_TEXTS[locale][stage],
    closed: status === 'Closed',
    next: nextStep(
      {
        stage,
        inspectionDate: (inspection?.data.date as string | undefined) ?? null,
        proofOfLossDue: due,
        documentsOutstanding: checklist.some((l) => isOutstanding(l.state)),
      },
      locale,
    ),
    adjuster:
      claim.adjuster_name && claim.adjuster_phone && claim.adjuster_email
        ? { name: claim.adjuster_name, phone: claim.adjuster_phone, email: claim.adjuster_email }
        : null,
    timeline,
    checklist,
    steps: claimSteps(
      {
        reportedOn: localDate(claim.created_at, state),
        receivedOn: claim.sent_at === null ? null : localDate(claim.sent_at, state),
        events,
        documents: checklist,
        today,
      },
      locale,
    ),
    payments: paymentStates(events.flatMap(paymentNews)).map((p) => ({
      date: p.date,
      amount: formatUsdIn(locale, p.amountCents),
      amountCents: p.amountCents,
      method: PAYMENT_METHOD_TEXTS[locale][p.method],
      status: PAYMENT_STATUS_TEXTS[locale][p.status],
      statusDate: p.statusDate,
      payableTo: p.payableTo,
    })),
    files: data.files,
    proofOfLoss: due ? { due, daysLeft: daysLeft(due, today) } : null,
    deadlines: claimDeadlines({ state, family: claim.family, lossDate: claim.loss_date, reportedOn: localDate(claim.created_at, state), events, today }),
  }
}
