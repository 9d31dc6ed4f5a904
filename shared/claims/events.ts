import { z } from 'zod'
import { PAYMENT_STATUSES } from './payout/payment-status'

/**
 * The events the carrier's claims system sends to POST /hooks/claims-system (docs/decisions/167), one
 * per request: an envelope (id, claim, per-claim sequence, type) and the type's own data. Anything else
 * (an unknown type, a missing or extra-wrong field) is refused whole.
 */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
const text = (max: number) => z.string().trim().min(1).max(max)

const adjusterSchema = z.object({
  name: text(120),
  phone: z.string().regex(/^\+?[0-9 ().-]{7,25}$/),
  email: z.email().max(200),
})
export type Adjuster = z.infer<typeof adjusterSchema>

const documentId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)

/** Each type's data, by name. */
export const EVENT_DATA = {
  'claim.accepted': z.object({ carrierClaimNumber: text(64) }),
  'adjuster.assigned': z.object({ adjuster: adjusterSchema }),
  'inspection.scheduled': z.object({ date: z.string().regex(ISO_DATE) }),
  'documents.requested': z.object({ items: z.array(text(200)).min(1).max(20) }),
  // Its id, status and payees since issue 33 (decision 210); a payment without an id is known by its event's id.
  'payment.issued': z.object({
    amountCents: z.number().int().positive().max(100_000_000_00),
    method: z.enum(['check', 'ach', 'wire', 'card']),
    paymentId: documentId.optional(),
    status: z.enum(PAYMENT_STATUSES).optional(),
    payableTo: z.array(text(200)).max(4).optional(),
  }),
  'payment.status': z.object({ paymentId: documentId, status: z.enum(PAYMENT_STATUSES) }),
  'claim.closed': z.object({ reason: text(500) }),
  'claim.reopened': z.object({}),
  // A file the portal sent (its id, the claims system's transaction id: decision 169) reached the claims
  // team, then was looked at (issue 32 item 4, decision 207).
  'document.received': z.object({ documentId }),
  'document.reviewed': z.object({ documentId, outcome: z.enum(['accepted', 'another-needed']) }),
  // What the deadlines of the state's law count from and are met by (issue 33 item 3, decision 212): the
  // team has every item it asked for (Texas's 'all items', California's 'proof of claim'), a letter the
  // law asks for, and the decision (a denial's date is the denial letter's).
  'proof.complete': z.object({}),
  'letter.sent': z.object({ letter: z.enum(['bill-of-rights', 'status-update', 'more-time-needed']) }),
  'claim.decided': z.object({ outcome: z.enum(['accepted', 'partly-denied', 'denied']) }),
} as const

export type ClaimEventType = keyof typeof EVENT_DATA
export const CLAIM_EVENT_TYPES = Object.keys(EVENT_DATA) as ClaimEventType[]

/** What every signed event of the claims system carries around its data (claim events, message.posted, advance.updated). */
export const claimEventEnvelope = {
  id: z.string().regex(/^[A-Za-z0-9._:-]{1,100}$/),
  claimNumber: z.string().regex(/^[A-Z]{2}-\d{4}-\d{6}$/),
  sequence: z
    .number()
    .int()
    .min(1)
    .max(2 ** 31),
  occurredAt: z.iso.datetime({ offset: true }).optional(),
}

const variant = <T extends ClaimEventType>(type: T) => z.object({ ...claimEventEnvelope, type: z.literal(type), data: EVENT_DATA[type] })

export const claimEventSchema = z.discriminatedUnion('type', [
  variant('claim.accepted'),
  variant('adjuster.assigned'),
  variant('inspection.scheduled'),
  variant('documents.requested'),
  variant('payment.issued'),
  variant('payment.status'),
  variant('claim.closed'),
  variant('claim.reopened'),
  variant('document.received'),
  variant('document.reviewed'),
  variant('proof.complete'),
  variant('letter.sent'),
  variant('claim.decided'),
])
export type ClaimEvent = z.infer<typeof claimEventSchema>
