import * as z from 'zod/mini'
import { localDateTime } from '../../clock'
import { formatDateIn } from '../../i18n/format'
import type { Locale } from '../../i18n/locale'
import { defineTexts } from '../../i18n/catalog'

/**
 * The conversation with the claims team on a claim's page (issue 32 item 2, decision 208): one rule for
 * what a message may be, the message as the page, the island and /v1 show it, and the texts. zod/mini:
 * the island ships it.
 */

/** The longest message: a few paragraphs (the claims system's note body takes far more). */
export const MESSAGE_MAX = 2000

export const CONVERSATION_TEXT = {
  heading: 'Messages with the claims team',
  intro: 'Write to the claims team about this claim. They answer here, and we email you when they do.',
  attachHint: 'To send a photo or a document with your message, use Send a document on this page.',
  label: 'Your message',
  send: 'Send message',
  sending: 'Sending…',
  empty: 'No messages yet.',
  you: 'You',
  team: 'Claims team',
  required: 'Please write a message.',
  tooLong: `Please keep your message to ${MESSAGE_MAX.toLocaleString('en-US')} characters.`,
  sent: 'Your message was sent to the claims team.',
  failed: 'Your message was not sent.',
  tryAgain: 'Try again',
  waiting: 'Waiting to reach the claims team',
  loadFailed: 'We could not load new messages. We will keep trying.',
  closed: 'This claim is closed. To ask about it, please call us.',
} as const

/** When a message was written, on the policyholder's clock (the policy's state): 'MM/dd/yyyy HH:mm' ('28 nov 2026 HH:mm' in Spanish). */
export function messageTime(postedAtIso: string, state: string, locale: Locale = 'en'): string {
  const at = Date.parse(postedAtIso)
  if (!Number.isFinite(at)) return ''
  const { date, time } = localDateTime(at, state)
  return `${formatDateIn(locale, date)} ${time}`
}

/**
 * Account Home's words for a claim's unread replies, in both languages (issue 36). Exported for the
 * product-review list, which npm run texts:es finds by reading every module's exports.
 * @public
 */
export const unreadTexts = defineTexts(
  { one: '1 new message from the claims team', many: (n: number) => `${n} new messages from the claims team` },
  { one: '1 mensaje nuevo del equipo de reclamos', many: (n) => `${n} mensajes nuevos del equipo de reclamos` },
)

/** Account Home's words for a claim's unread replies ('' when none), in the page's language. */
export function unreadWords(n: number, locale: Locale = 'en'): string {
  const t = unreadTexts[locale]
  return n <= 0 ? '' : n === 1 ? t.one : t.many(n)
}

/** A message's text: trimmed, not empty, at most MESSAGE_MAX characters. */
export const messageBodySchema = z
  .string({ error: CONVERSATION_TEXT.required })
  .check(z.trim(), z.minLength(1, CONVERSATION_TEXT.required), z.maxLength(MESSAGE_MAX, CONVERSATION_TEXT.tooLong))

export const sendMessageSchema = z.object({ body: messageBodySchema })

/** One message as the portal shows it. */
export const conversationMessageSchema = z.object({
  id: z.string(),
  from: z.enum(['you', 'team']),
  author: z.nullable(z.string()),
  body: z.string(),
  /** ISO 8601. */
  postedAt: z.string(),
  /** 'you': whether the claims system has it yet. */
  delivered: z.boolean(),
})
export type ConversationMessage = z.infer<typeof conversationMessageSchema>

export const conversationSchema = z.object({ messages: z.array(conversationMessageSchema), closed: z.boolean() })
export type Conversation = z.infer<typeof conversationSchema>

/** The island's texts in one language (shared/claims/texts/conversation.ts has both). */
export type ConversationTexts = Readonly<Record<keyof typeof CONVERSATION_TEXT | 'whatYouWrote', string>>

const sitePath = z.string().check(z.regex(/^\/(?!\/)[^\s\\]*$/, 'must be a path on this site'))
const isStringMap = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((t) => typeof t === 'string')

/** The conversation island's props: the claim, the /v1 address it reads and sends through, what the page showed. */
export const claimConversationPropsSchema = z.strictObject({
  claimNumber: z.string().check(z.regex(/^[A-Z]{2}-\d{4}-\d{6}$/)),
  url: sitePath,
  /** The policy's state: the clock the times are shown on. */
  state: z.string().check(z.length(2)),
  /** Where the plain form posts (the page's no-script path) and the key it sends: a double click is one message. */
  formAction: sitePath,
  formKey: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/)),
  initial: conversationSchema,
  /** The page's language (issue 36): the times' format. */
  locale: z.enum(['en', 'es']),
  /** The island's texts in that language: one language's object from conversationTexts. */
  texts: z.custom<ConversationTexts>(isStringMap),
})
export type ClaimConversationProps = z.infer<typeof claimConversationPropsSchema>
