import { useRef, useState, type FormEvent } from 'react'
import { QueryClient, QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  CONVERSATION_TEXT,
  MESSAGE_MAX,
  messageBodySchema,
  messageTime,
  type ClaimConversationProps,
  type Conversation,
  type ConversationMessage,
  type ConversationTexts,
} from '../../shared/claims/follow-up/conversation'
import type { AttemptSlot } from '../ui/api'
import { readConversation, SendFailure, sendMessage } from './api'
import type { Locale } from '../../shared/i18n/locale'

/** A message's refusal (the shared schema's or the server's English) in the page's language; one it does not know as given. */
function shownMessage(T: ConversationTexts, english: string | null | undefined): string {
  if (english === CONVERSATION_TEXT.tooLong) return T.tooLong
  if (english === CONVERSATION_TEXT.closed) return T.closed
  if (english === CONVERSATION_TEXT.required || !english) return T.required
  return english
}

/**
 * The conversation with the claims team on a claim's page (issue 32 item 2, decision 208), reading and
 * sending through React Query: the list polls while the page is visible and again on focus, a failed read
 * is asked again; a message gets its Idempotency-Key when it is written and keeps it through every retry
 * and every 'Try again', so it is stored once; Send is disabled while one is on its way. Without script
 * the same markup is a plain form posting to the page, which lists the conversation.
 */

/** How often the list is asked while the page is visible. */
export const POLL_MS = 15_000

/** The island's QueryClient: reads retried 3 times, sends twice more when sending again could help. */
export function conversationClient(retryDelayMs: (attempt: number) => number = (n) => Math.min(1000 * 2 ** n, 8000)): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 3, retryDelay: retryDelayMs },
      mutations: { retry: (count, err) => count < 2 && err instanceof SendFailure && err.retryable, retryDelay: retryDelayMs },
    },
  })
}

export function ClaimConversation(props: ClaimConversationProps) {
  const [client] = useState(() => conversationClient())
  return (
    <QueryClientProvider client={client}>
      <ConversationPanel {...props} />
    </QueryClientProvider>
  )
}

/** A message written here, until the server has it. */
interface Outgoing {
  localId: number
  body: string
  /** Its key, fixed when it was written (islands/ui/api.ts keeps it while the body is the same). */
  slot: AttemptSlot
  failed: string | null
}

function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
}

export function ConversationPanel({ claimNumber, url, state, formAction, formKey, initial, locale, texts: T }: ClaimConversationProps) {
  const queryClient = useQueryClient()
  const queryKey = ['claim-messages', claimNumber]
  const list = useQuery({
    queryKey,
    queryFn: () => readConversation(url, claimNumber),
    initialData: initial,
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  })
  const [outgoing, setOutgoing] = useState<Outgoing[]>([])
  const [draft, setDraft] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [sentNote, setSentNote] = useState(false)
  const sending = useRef(false)
  const nextId = useRef(1)

  const send = useMutation({
    mutationFn: (o: Outgoing) => sendMessage(url, claimNumber, o.body, o.slot),
    onMutate: () => {
      sending.current = true
    },
    onSettled: () => {
      sending.current = false
    },
    onSuccess: (message: ConversationMessage, o) => {
      setOutgoing((all) => all.filter((x) => x.localId !== o.localId))
      queryClient.setQueryData<Conversation>(queryKey, (c) =>
        c && !c.messages.some((m) => m.id === message.id) ? { ...c, messages: [...c.messages, message] } : c,
      )
      setSentNote(true)
      void queryClient.invalidateQueries({ queryKey })
    },
    onError: (err, o) => {
      const shown = err instanceof SendFailure ? err.shown : null
      setOutgoing((all) => all.map((x) => (x.localId === o.localId ? { ...x, failed: shown ? shownMessage(T, shown) : T.failed } : x)))
    },
  })

  const start = (o: Outgoing) => {
    if (sending.current) return
    sending.current = true
    setSentNote(false)
    setOutgoing((all) => all.map((x) => (x.localId === o.localId ? { ...x, failed: null } : x)))
    send.mutate({ ...o, failed: null })
  }

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (sending.current) return
    const checked = messageBodySchema.safeParse(draft)
    if (!checked.success) {
      setError(shownMessage(T, checked.error.issues[0]?.message))
      return
    }
    setError(null)
    const body = checked.data
    const o: Outgoing = { localId: nextId.current++, body, slot: { attempt: { sameAs: JSON.stringify({ body }), key: newKey() } }, failed: null }
    setOutgoing((all) => [...all, o])
    setDraft('')
    start(o)
  }

  const conversation = list.data
  const busy = send.isPending
  return (
    <div className="conversation">
      <div role="log" aria-labelledby="conversation-heading" className="conversation__log">
        {conversation.messages.length === 0 && outgoing.length === 0 ? (
          <p className="empty-text">{T.empty}</p>
        ) : (
          <ol className="conversation__list">
            {conversation.messages.map((m) => (
              <Message key={m.id} message={m} state={state} locale={locale} T={T} />
            ))}
            {outgoing.map((o) => (
              <li key={`out-${o.localId}`} className="conversation__message conversation__message--you">
                <p className="conversation__meta">
                  <strong>{T.you}</strong> {o.failed === null ? <span>{T.sending}</span> : null}
                </p>
                <p className="conversation__body">{o.body}</p>
                {o.failed !== null && (
                  <div className="alert alert--error" role="alert">
                    <p>{o.failed}</p>
                    <button type="button" className="btn btn--secondary" onClick={() => start(o)} disabled={busy}>
                      {T.tryAgain}
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
      {list.isError && (
        <p className="alert alert--warning" role="status">
          {T.loadFailed}
        </p>
      )}
      {conversation.closed ? (
        <p>{T.closed}</p>
      ) : (
        <form method="post" action={formAction} className="conversation__form" onSubmit={onSubmit} noValidate>
          <input type="hidden" name="key" value={formKey} />
          <div className="field">
            <label htmlFor={`message-${claimNumber}`}>{T.label}</label>
            <textarea
              id={`message-${claimNumber}`}
              name="body"
              rows={4}
              maxLength={MESSAGE_MAX}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              aria-invalid={error !== null ? true : undefined}
              aria-describedby={error !== null ? `message-error-${claimNumber}` : `message-hint-${claimNumber}`}
            />
            <p id={`message-hint-${claimNumber}`} className="field__hint">
              {T.attachHint}
            </p>
            {error !== null && (
              <p id={`message-error-${claimNumber}`} className="field__error" role="alert">
                {error}
              </p>
            )}
          </div>
          <button type="submit" className="btn btn--primary" disabled={busy} aria-disabled={busy || undefined}>
            {busy ? T.sending : T.send}
          </button>
          {sentNote && (
            <p role="status" className="conversation__sent">
              {T.sent}
            </p>
          )}
        </form>
      )}
    </div>
  )
}

function Message({ message: m, state, locale, T }: { message: ConversationMessage; state: string; locale: Locale; T: ConversationTexts }) {
  return (
    <li className={`conversation__message conversation__message--${m.from}`}>
      <p className="conversation__meta">
        <strong>{m.from === 'you' ? T.you : `${m.author ?? T.team}, ${T.team.toLowerCase()}`}</strong>{' '}
        <time dateTime={m.postedAt}>{messageTime(m.postedAt, state, locale)}</time>
        {m.from === 'you' && !m.delivered ? <span className="conversation__waiting">{` (${T.waiting.toLowerCase()})`}</span> : null}
      </p>
      <p className="conversation__body">{m.body}</p>
    </li>
  )
}
