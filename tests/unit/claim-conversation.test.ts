import { describe, expect, it } from 'vitest'
import { CONVERSATION_TEXT, MESSAGE_MAX, messageBodySchema, messageTime, unreadWords } from '../../shared/claims/follow-up/conversation'
import { messagePostedSchema } from '../../shared/claims/follow-up/message-posted'

/** The conversation's shared rules (decision 208): what a message may be, its time, Account Home's words, the reply event. */
describe('a message', () => {
  it('is trimmed, not empty, at most MESSAGE_MAX characters', () => {
    expect(messageBodySchema.safeParse('  Is the tarp enough?\n').data).toBe('Is the tarp enough?')
    expect(messageBodySchema.safeParse(' \n ').error?.issues[0]?.message).toBe(CONVERSATION_TEXT.required)
    expect(messageBodySchema.safeParse(undefined).error?.issues[0]?.message).toBe(CONVERSATION_TEXT.required)
    expect(messageBodySchema.safeParse('x'.repeat(MESSAGE_MAX)).success).toBe(true)
    expect(messageBodySchema.safeParse('x'.repeat(MESSAGE_MAX + 1)).error?.issues[0]?.message).toBe(CONVERSATION_TEXT.tooLong)
  })

  it("is shown at the policyholder's time (the policy's state), the same on the server and in the browser", () => {
    expect(messageTime('2026-03-03T15:00:00.000Z', 'TX')).toBe('03/03/2026 09:00')
    expect(messageTime('2026-07-01T03:30:00.000Z', 'CA')).toBe('06/30/2026 20:30')
    expect(messageTime('not a time', 'TX')).toBe('')
  })

  it("Account Home's words for unread replies", () => {
    expect(unreadWords(0)).toBe('')
    expect(unreadWords(1)).toBe('1 new message from the claims team')
    expect(unreadWords(3)).toBe('3 new messages from the claims team')
    expect(unreadWords(1, 'es')).toBe('1 mensaje nuevo del equipo de reclamos')
    expect(unreadWords(2, 'es')).toBe('2 mensajes nuevos del equipo de reclamos')
  })
})

describe('message.posted', () => {
  const event = { id: 'evt-1', claimNumber: 'HO-2026-000123', sequence: 4, type: 'message.posted', data: { body: 'Monday at 9.', author: 'Dana Whitaker' } }
  it('takes the envelope of every claim event and a body with its author', () => {
    expect(messagePostedSchema.safeParse(event).success).toBe(true)
    expect(messagePostedSchema.safeParse({ ...event, occurredAt: '2026-03-03T15:00:00Z' }).success).toBe(true)
    expect(messagePostedSchema.safeParse({ ...event, data: { body: ' ', author: 'Dana' } }).success).toBe(false)
    expect(messagePostedSchema.safeParse({ ...event, data: { body: 'x' } }).success).toBe(false)
    expect(messagePostedSchema.safeParse({ ...event, type: 'claim.closed' }).success).toBe(false)
    expect(messagePostedSchema.safeParse({ ...event, claimNumber: 'nope' }).success).toBe(false)
  })
})
