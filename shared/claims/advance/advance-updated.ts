import { z } from 'zod'
import { claimEventEnvelope } from '../events'

/**
 * The claims system's `advance.updated` event (decision 211): what became of one advance or
 * living-expenses request, signed and sent to POST /hooks/claims-system with the envelope of the claim's
 * other events. `requestId` is the portal's id of the request (the transaction id the system took it
 * with); the sequence orders it, so a duplicate or a late event never moves the status back.
 */
export const ADVANCE_UPDATED = 'advance.updated'

export const ADVANCE_STATUSES = ['requested', 'received', 'approved', 'declined', 'paid'] as const
export type AdvanceStatus = (typeof ADVANCE_STATUSES)[number]

export const advanceUpdatedSchema = z.object({
  ...claimEventEnvelope,
  type: z.literal(ADVANCE_UPDATED),
  data: z.discriminatedUnion('status', [
    z.object({ requestId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), status: z.literal('received') }),
    z.object({
      requestId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
      status: z.literal('approved'),
      amountCents: z.number().int().positive().max(10_000_000_00),
    }),
    z.object({ requestId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), status: z.literal('declined'), reason: z.string().trim().min(1).max(500) }),
    z.object({
      requestId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
      status: z.literal('paid'),
      amountCents: z.number().int().positive().max(10_000_000_00),
    }),
  ]),
})
export type AdvanceUpdated = z.infer<typeof advanceUpdatedSchema>
