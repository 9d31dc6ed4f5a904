import { z } from 'zod'
import { MESSAGE_MAX } from './conversation'
import { claimEventEnvelope } from '../events'

/**
 * The claims system's `message.posted` event (decision 208): a reply of the claims team on a claim,
 * signed and sent to POST /hooks/claims-system like the claim's other events (shared/claims/events.ts),
 * with the same envelope: its id makes a redelivery a no-op, its sequence is its place among the
 * claim's events, and occurredAt places it in the conversation however late it arrives.
 */
export const MESSAGE_POSTED = 'message.posted'

export const messagePostedSchema = z.object({
  ...claimEventEnvelope,
  type: z.literal(MESSAGE_POSTED),
  data: z.object({
    body: z
      .string()
      .trim()
      .min(1)
      .max(MESSAGE_MAX * 2),
    author: z.string().trim().min(1).max(120),
  }),
})
export type MessagePosted = z.infer<typeof messagePostedSchema>
