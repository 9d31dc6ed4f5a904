import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { focusManager, QueryClientProvider } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import {
  claimConversationPropsSchema,
  CONVERSATION_TEXT as T,
  type ClaimConversationProps,
  type ConversationMessage,
} from '../../shared/claims/follow-up/conversation'
import { conversationTexts } from '../../shared/claims/texts/conversation'

const { default: ClaimConversation } = await import('../../islands/claim-conversation')
const { ConversationPanel, conversationClient, POLL_MS } = await import('../../islands/claim-conversation/ClaimConversation')

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/**
 * The conversation island (issue 32 item 2, decision 208): reads retried, polled while visible and again
 * on focus; a failed send says so with 'Try again' and, tried again, is sent with the same key; a double
 * click sends once; without script its markup is a plain form.
 */
const props: ClaimConversationProps = {
  claimNumber: 'HO-2026-009315',
  url: '/v1/homeowners/ClaimMessages/HOM4020001',
  state: 'TX',
  formAction: '/claims-history/send-message?claim=HO-2026-009315',
  formKey: 'abcdefghijklmnopqrstuvwx',
  initial: { messages: [], closed: false },
  locale: 'en',
  texts: conversationTexts.en,
}

const reply: ConversationMessage = {
  id: 'evt-1',
  from: 'team',
  author: 'Dana Whitaker',
  body: 'The inspection is on Monday.',
  postedAt: '2026-03-03T15:00:00.000Z',
  delivered: true,
}
/** What the fake server holds: a message it took, once per key (as the worker does). */
let held: ConversationMessage[]
const byKey = new Map<string, ConversationMessage>()
function take(init: RequestInit): Response {
  const key = keyOf(init) ?? ''
  let message = byKey.get(key)
  if (!message) {
    message = {
      id: `msg-${byKey.size + 1}`,
      from: 'you',
      author: null,
      body: JSON.parse(String(init.body)).body,
      postedAt: '2026-03-03T16:00:00.000Z',
      delivered: false,
    }
    byKey.set(key, message)
    held.push(message)
  }
  return json({ message }, 201)
}

type Handler = (init: RequestInit) => Promise<Response>
let onGet: Handler
let onPost: Handler
let fetchMock: Mock<typeof fetch>

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
const gets = () => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === 'GET')
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')
const keyOf = (init: RequestInit | undefined) => (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key']

beforeEach(() => {
  held = []
  byKey.clear()
  onGet = async () => json({ messages: held, closed: false })
  onPost = async (init) => take(init)
  fetchMock = vi.fn<typeof fetch>(async (_url, init = {}) => ((init.method ?? 'GET') === 'POST' ? onPost(init) : onGet(init)))
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  focusManager.setFocused(undefined)
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** The panel with a client that retries at once (the delays are the real client's only difference). */
function renderPanel(p: ClaimConversationProps = props) {
  const client = conversationClient(() => 0)
  render(
    <QueryClientProvider client={client}>
      <ConversationPanel {...p} />
    </QueryClientProvider>,
  )
  return client
}

const box = () => screen.getByLabelText(T.label)
const sendButton = () => screen.getByRole('button', { name: /Send message|Sending/ })

async function write(text: string) {
  fireEvent.change(box(), { target: { value: text } })
}

describe('reading', () => {
  it('a failed read is asked again: two failures, then the reply shows', async () => {
    let n = 0
    onGet = async () => {
      n++
      if (n <= 2) throw new TypeError('network down')
      return json({ messages: [reply], closed: false })
    }
    renderPanel()
    expect(await screen.findByText(reply.body)).toBeTruthy()
    expect(gets()).toHaveLength(3)
    expect(screen.queryByText(T.loadFailed)).toBeNull()
  })

  it('reads failing past the retries say so and keep what is shown', async () => {
    onGet = async () => new Response('{}', { status: 503 })
    renderPanel({ ...props, initial: { messages: [reply], closed: false } })
    expect(await screen.findByText(T.loadFailed)).toBeTruthy()
    expect(gets()).toHaveLength(4) // the first and 3 retries
    expect(screen.getByText(reply.body)).toBeTruthy()
  })

  it('asks again on mount and when the page comes back into focus', async () => {
    renderPanel()
    await waitFor(() => expect(gets()).toHaveLength(1)) // on mount: the page's copy may be old
    await act(async () => {
      focusManager.setFocused(false)
      focusManager.setFocused(true)
    })
    await waitFor(() => expect(gets()).toHaveLength(2))
  })

  it('polls every POLL_MS while visible, not while hidden', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] })
    renderPanel()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10)
    })
    const before = gets().length
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POLL_MS)
    })
    expect(gets().length).toBe(before + 1)
    await act(async () => {
      focusManager.setFocused(false)
      await vi.advanceTimersByTimeAsync(POLL_MS * 3)
    })
    expect(gets().length).toBe(before + 1)
  })
})

describe('sending', () => {
  it('a failed send shows Try again; tried again it is sent with the same key and shows once', async () => {
    let fail = true
    onPost = async (init) => {
      if (fail) throw new TypeError('network down')
      return take(init)
    }
    renderPanel()
    await write('Is the tarp enough?')
    await act(async () => {
      fireEvent.click(sendButton())
    })
    const tryAgain = await screen.findByRole('button', { name: T.tryAgain })
    expect(screen.getByRole('alert').textContent).toContain(T.failed)
    expect(posts()).toHaveLength(3) // the send and its two retries
    fail = false
    await act(async () => {
      fireEvent.click(tryAgain)
    })
    await waitFor(() => expect(screen.queryByRole('button', { name: T.tryAgain })).toBeNull())
    expect(screen.getAllByText('Is the tarp enough?')).toHaveLength(1)
    expect(new Set(posts().map(([, init]) => keyOf(init))).size).toBe(1)
    expect(screen.getByText(T.sent)).toBeTruthy()
  })

  it('a double click sends once, the button disabled while it is on its way', async () => {
    let answer: () => void = () => {}
    onPost = (init) => new Promise<Response>((resolve) => (answer = () => resolve(take(init))))
    renderPanel()
    await write('When will the adjuster come?')
    await act(async () => {
      fireEvent.click(sendButton())
      fireEvent.click(sendButton())
      fireEvent.submit(box().closest('form')!)
    })
    expect(posts()).toHaveLength(1)
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true)
    await act(async () => {
      answer()
    })
    await waitFor(() => expect((sendButton() as HTMLButtonElement).disabled).toBe(false))
    expect(posts()).toHaveLength(1)
    expect(screen.getAllByText('When will the adjuster come?')).toHaveLength(1)
  })

  it('two messages get two keys; a refusal is said in the server words and not retried', async () => {
    onPost = async () => json({ type: 'about:blank', status: 409, title: 'Conflict', errorMessage: T.closed }, 409)
    renderPanel()
    await write('first')
    await act(async () => {
      fireEvent.click(sendButton())
    })
    expect(await screen.findByText(T.closed)).toBeTruthy()
    expect(posts()).toHaveLength(1)
    onPost = async (init) => take(init)
    await write('second')
    await act(async () => {
      fireEvent.click(sendButton())
    })
    await waitFor(() => expect(posts()).toHaveLength(2))
    expect(keyOf(posts()[0]![1])).not.toBe(keyOf(posts()[1]![1]))
  })

  it('an empty message is not sent', async () => {
    renderPanel()
    await write('   ')
    await act(async () => {
      fireEvent.click(sendButton())
    })
    expect(screen.getByText(T.required)).toBeTruthy()
    expect(posts()).toHaveLength(0)
  })
})

describe('without script', () => {
  it('the server markup is a plain form to the page, with its key, and lists the conversation', () => {
    expect(claimConversationPropsSchema.safeParse(props).success).toBe(true)
    const html = renderToString(<ClaimConversation {...props} initial={{ messages: [reply], closed: false }} />)
    expect(html).toContain(`action="${props.formAction}"`)
    expect(html).toContain('method="post"')
    expect(html).toContain(`name="key" value="${props.formKey}"`)
    expect(html).toContain('name="body"')
    expect(html).toContain(reply.body)
    expect(html).toContain('03/03/2026 09:00') // 15:00 UTC in Texas
  })
})
