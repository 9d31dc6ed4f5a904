import { conversationMessageSchema, conversationSchema, type Conversation, type ConversationMessage } from '../../shared/claims/follow-up/conversation'
import { callApi, getJson, type AttemptSlot } from '../ui/api'

/**
 * The conversation's calls (decision 208) through the one /v1 helper (islands/ui/api.ts): the list, and a
 * message sent with the key it was given when written (kept by its slot across every retry, so the
 * server stores it once however often it is sent).
 */
const listUrl = (url: string, claimNumber: string) => `${url}?claimNumber=${encodeURIComponent(claimNumber)}`

export async function readConversation(url: string, claimNumber: string): Promise<Conversation> {
  const parsed = conversationSchema.safeParse(await getJson(listUrl(url, claimNumber)))
  if (!parsed.success) throw new Error('unexpected answer')
  return parsed.data
}

/** Why a send failed, and whether sending again (the same key) could change it. */
export class SendFailure extends Error {
  constructor(
    readonly retryable: boolean,
    readonly shown: string | null,
  ) {
    super('not sent')
  }
}

export async function sendMessage(url: string, claimNumber: string, body: string, slot: AttemptSlot): Promise<ConversationMessage> {
  let answer: Awaited<ReturnType<typeof callApi>>
  try {
    answer = await callApi(listUrl(url, claimNumber), { method: 'POST', json: { body }, once: { slot } })
  } catch {
    throw new SendFailure(true, null) // no answer: the same key again is safe
  }
  if (answer.status === 201) {
    const parsed = conversationMessageSchema.safeParse((JSON.parse(answer.text) as { message?: unknown }).message)
    if (parsed.success) return parsed.data
    throw new SendFailure(true, null)
  }
  // 409 in progress, 429, 5xx: later, with the same key; a refusal (400, 404, 409 closed, 413): say why.
  const retryable = answer.status >= 500 || answer.status === 429 || (answer.status === 409 && answer.retryAfterS !== undefined)
  throw new SendFailure(retryable, retryable ? null : (answer.problem?.errorMessage ?? null))
}
