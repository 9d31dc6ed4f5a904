import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'
import { fireEvent, screen } from '@testing-library/dom'
import { afterEach, beforeEach, describe, expect, it, vi, type Mock, type MockInstance } from 'vitest'
import * as warningDialog from '../../islands/session-timeout/warning-dialog'
import { bootSessionTimer, startSessionTimer, type WarningModule } from '../../islands/session-timeout/session-timer'
import { readSettings } from '../../islands/session-timeout/settings'
import { CHANNEL_NAME, openTabChannel, type TabChannel, type TabNews } from '../../islands/session-timeout/tabs'
import { JSON_HEADER } from '../../shared/site-request'
import type { Locale } from '../../shared/i18n/locale'

vi.mock('../../static/build/manifest.json', async () => {
  const { fakeManifest } = await import('../support/fake-manifest')
  return fakeManifest([], {})
})
const { SessionTimer } = await import('../../worker/render/session-timer')
const { LocaleContext } = await import('../../worker/render/locale')

/**
 * The session timer (islands/session-timeout/) against the hidden form the worker renders, on a fake
 * clock. Spec 000 section 4 "Session": a check every 60 s, the warning at 2 minutes left for an idle
 * user (60 s without activity), a silent refresh for an active one, a countdown of at most 120 s,
 * logout at 0. Other tabs are played by the test through a fake channel.
 */

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0)
const MIN = 60_000

let fetchMock: Mock<typeof fetch>
let submitted: HTMLFormElement[]
let consoleError: MockInstance<typeof console.error>
let stops: (() => void)[]

function tokenResponse(expiresIn = 900) {
  return new Response(JSON.stringify({ expiresIn, accountToken: 'tok', tokenType: 'Bearer' }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  })
}

/** What the worker renders on a page with a session, with `expiresIn` seconds left (its script is this test), in the page's language. */
function renderPage(expiresIn = 900, locale: Locale = 'en') {
  const timer = h(SessionTimer, { expiresIn, refreshUrl: '/v1/common/token', logoutUrl: '/Logout', nonce: 'n' })
  const html = renderToString(h(LocaleContext.Provider, { value: locale }, timer))
  document.body.innerHTML = '<button type="button">Outside</button>' + html.replace(/<script[^>]*><\/script>/, '')
}

function form(): HTMLFormElement {
  const el = document.querySelector<HTMLFormElement>('form[data-session-timer]')
  if (!el) throw new Error('no timer form')
  return el
}

/** The other tabs: what this tab told them, and a way to tell it something. */
function fakeTabs() {
  const sent: TabNews[] = []
  let receive: (news: TabNews) => void = () => {}
  const open = (onNews: (news: TabNews) => void): TabChannel => {
    receive = onNews
    return { post: (news) => sent.push(news), close: () => {} }
  }
  return { sent, open, tell: (news: TabNews) => receive(news) }
}

/** The page as the worker sends it, its timer started with the real warning dialog. */
function start(opts: { expiresIn?: number; loadWarning?: () => Promise<WarningModule>; locale?: Locale } = {}) {
  renderPage(opts.expiresIn, opts.locale)
  const tabs = fakeTabs()
  const loadWarning = vi.fn(opts.loadWarning ?? (async () => warningDialog))
  const settings = readSettings(form())
  if (typeof settings === 'string') throw new Error(settings)
  stops.push(startSessionTimer({ form: form(), settings, loadWarning, openChannel: tabs.open }))
  return { tabs, loadWarning }
}

/** Moves the fake clock and runs due timers and the promises they start. */
async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms)
}

const dialog = () => screen.queryByRole('dialog')
const countdown = () => screen.getByTestId('session-countdown').textContent

beforeEach(() => {
  vi.useFakeTimers({ now: T0 })
  fetchMock = vi.fn<typeof fetch>(async () => tokenResponse())
  vi.stubGlobal('fetch', fetchMock)
  submitted = []
  vi.spyOn(HTMLFormElement.prototype, 'requestSubmit').mockImplementation(function (this: HTMLFormElement) {
    submitted.push(this)
  })
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
  stops = []
  window.sessionStorage.setItem('draft', 'claim')
})

afterEach(() => {
  for (const stop of stops) stop()
  document.body.innerHTML = ''
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  window.sessionStorage.clear()
  window.localStorage.clear()
})

function expectLoggedOut() {
  expect(submitted).toHaveLength(1)
  expect(submitted[0]?.getAttribute('action')).toBe('/Logout')
  expect(submitted[0]?.getAttribute('method')).toBe('post')
  expect(window.sessionStorage.length).toBe(0)
}

describe('session timer', () => {
  it('starts from the form the worker renders and says so on it', () => {
    renderPage()
    stops.push(bootSessionTimer(document, async () => warningDialog) ?? (() => {}))
    expect(form().dataset.sessionTimer).toBe('running')
    expect(consoleError).not.toHaveBeenCalled()
  })

  it.each([
    ['a missing lifetime', (f: HTMLFormElement) => f.removeAttribute('data-expires-in'), /data-expires-in/],
    ['a negative lifetime', (f: HTMLFormElement) => f.setAttribute('data-expires-in', '-5'), /data-expires-in/],
    ['a refresh URL on another site', (f: HTMLFormElement) => f.setAttribute('data-refresh-url', '//evil.example/'), /data-refresh-url/],
    ['a logout form posting elsewhere', (f: HTMLFormElement) => f.setAttribute('action', 'https://evil.example/'), /logout form/],
  ])('refuses %s loudly and starts nothing', async (_what, spoil, message) => {
    renderPage()
    spoil(form())
    expect(bootSessionTimer(document, async () => warningDialog)).toBeNull()
    expect(form().dataset.sessionTimer).toBe('error')
    expect(String(consoleError.mock.calls[0]?.[0])).toMatch(message)
    await advance(20 * MIN)
    expect(fetchMock).not.toHaveBeenCalled()
    expect(submitted).toHaveLength(0)
  })

  it('shows no warning and makes no request before the warning', async () => {
    const { loadWarning } = start()
    await advance(12 * MIN)
    expect(dialog()).toBeNull()
    expect(fetchMock).not.toHaveBeenCalled()
    expect(submitted).toHaveLength(0)
    expect(loadWarning).toHaveBeenCalledTimes(1) // fetched ahead, at 5 minutes left
  })

  it('fetches the warning code only a few minutes before the warning, once', async () => {
    const { loadWarning } = start()
    await advance(9 * MIN) // 6 minutes left
    expect(loadWarning).not.toHaveBeenCalled()
    await advance(1 * MIN) // 5 minutes left
    expect(loadWarning).toHaveBeenCalledTimes(1)
    await advance(3 * MIN)
    expect(dialog()).not.toBeNull()
    expect(loadWarning).toHaveBeenCalledTimes(1)
  })

  it('opens the warning when 2 minutes remain and the user is idle', async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal')
    start()
    await advance(13 * MIN)
    const modal = screen.getByRole('dialog', { name: 'Your session is about to expire' })
    expect(showModal).toHaveBeenCalledTimes(1) // a native modal: the page behind is inert
    expect(modal.textContent).toContain('For your security, you will be logged out in 2:00.')
    expect(modal.getAttribute('aria-describedby')).toBe('session-warning-body')
    expect(screen.getByRole('status').textContent).toBe('Your session is about to expire. For your security, you will be logged out in 2 minutes.')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("speaks the page's language: the warning in Spanish on a page read in Spanish (issue 36)", async () => {
    start({ locale: 'es' })
    await advance(13 * MIN)
    const modal = screen.getByRole('dialog', { name: 'Su sesión está por vencer' })
    expect(modal.textContent).toContain('Por su seguridad, su sesión se cerrará en 2:00.')
    expect(screen.getByRole('button', { name: 'Continuar' })).toBe(document.activeElement)
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('Su sesión está por vencer. Por su seguridad, su sesión se cerrará en 2 minutos.')
    expect(modal.textContent).not.toMatch(/Continue|Log Out|session|expire/)
  })

  it('refreshes the token silently instead when the user is active, and counts from the new token', async () => {
    start()
    await advance(12.5 * MIN)
    fireEvent.mouseMove(document.body)
    await advance(0.5 * MIN)
    expect(dialog()).toBeNull()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/v1/common/token')
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', headers: JSON_HEADER })

    // New deadline: 13 min + 15 min. Idle from now on, so the warning comes 13 minutes later.
    await advance(12 * MIN)
    expect(dialog()).toBeNull()
    await advance(1 * MIN)
    expect(dialog()).not.toBeNull()
    expect(countdown()).toBe('2:00')
  })

  it('treats 60 s without activity as idle', async () => {
    start()
    await advance(11.98 * MIN) // 718.8 s
    fireEvent.mouseMove(document.body) // 61.2 s before the 13-minute check
    await advance(1.02 * MIN)
    expect(dialog()).not.toBeNull()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('treats activity within the last 60 s as active', async () => {
    start()
    await advance(12.02 * MIN) // 721.2 s
    fireEvent.mouseMove(document.body) // 58.8 s before the 13-minute check
    await advance(0.98 * MIN)
    expect(dialog()).toBeNull()
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['keydown', () => fireEvent.keyDown(document.body, { key: 'a' })],
    ['mousedown', () => fireEvent.mouseDown(document.body)],
    ['touchstart', () => fireEvent.touchStart(document.body)],
  ])('counts %s as activity', async (_name, act) => {
    start()
    await advance(12.5 * MIN)
    act()
    await advance(0.5 * MIN)
    expect(dialog()).toBeNull()
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('ticks the countdown every second, never announcing each tick', async () => {
    start()
    await advance(13 * MIN)
    const announcement = screen.getByRole('status').textContent
    expect(screen.getByTestId('session-countdown').getAttribute('aria-live')).toBe('off')
    await advance(1_000)
    expect(countdown()).toBe('1:59')
    await advance(59_000)
    expect(countdown()).toBe('1:00')
    await advance(55_000)
    expect(countdown()).toBe('0:05')
    expect(screen.getByRole('status').textContent).toBe(announcement)
  })

  it('counts down from the seconds left, at most 120', async () => {
    start({ expiresIn: 890 })
    // Checks at 1, 2, … minutes: at 13 minutes 110 s are left (2 minutes or less).
    await advance(12 * MIN)
    expect(dialog()).toBeNull()
    await advance(1 * MIN)
    expect(countdown()).toBe('1:50')
  })

  it('moves focus to Continue, and back where it was when the warning closes', async () => {
    start()
    const outside = screen.getByRole('button', { name: 'Outside' })
    outside.focus()
    await advance(13 * MIN)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Continue' }))
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await advance(0)
    expect(dialog()).toBeNull()
    expect(document.activeElement).toBe(outside)
  })

  it('Continue posts to the refresh URL with the JSON header and closes the warning', async () => {
    const { tabs } = start()
    await advance(13 * MIN)
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await advance(0)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/v1/common/token')
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', credentials: 'same-origin', headers: JSON_HEADER })
    expect(dialog()).toBeNull()
    expect(document.querySelector('dialog')).toBeNull()
    expect(screen.queryByRole('status')).toBeNull()
    // …and tells the other tabs about the new deadline.
    expect(tabs.sent).toContainEqual({ deadline: T0 + 13 * MIN + 900_000 })
    await advance(3 * MIN)
    expect(submitted).toHaveLength(0)
  })

  it("Escape (the dialog's cancel) means Continue", async () => {
    start()
    await advance(13 * MIN)
    const cancel = new Event('cancel', { cancelable: true })
    screen.getByRole('dialog').dispatchEvent(cancel)
    expect(cancel.defaultPrevented).toBe(true)
    await advance(0)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(dialog()).toBeNull()
  })

  it.each([
    ['a non-2xx status', async () => new Response('{}', { status: 401 })],
    ['a network error', async (): Promise<Response> => Promise.reject(new TypeError('Failed to fetch'))],
    ['an unexpected body', async () => new Response('{"ok":true}', { status: 200 })],
  ])('logs out when Continue gets %s', async (_what, impl) => {
    fetchMock.mockImplementation(impl)
    start()
    await advance(13 * MIN)
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await advance(0)
    expectLoggedOut()
  })

  it('logs out when the countdown reaches 0', async () => {
    start()
    await advance(13 * MIN)
    await advance(119_000)
    expect(submitted).toHaveLength(0)
    expect(window.sessionStorage.length).toBe(1)
    await advance(1_000)
    expectLoggedOut()
    await advance(5_000)
    expect(submitted).toHaveLength(1)
  })

  it("still logs out at 0 when the warning's code cannot load, and says so", async () => {
    const { loadWarning } = start({ loadWarning: async () => Promise.reject(new TypeError('Failed to fetch module')) })
    await advance(13 * MIN)
    expect(dialog()).toBeNull()
    expect(loadWarning).toHaveBeenCalledTimes(4) // tried at the checks with 5, 4 and 3 minutes left, then for the warning
    expect(String(consoleError.mock.calls[0]?.[0])).toContain('the warning could not load')
    await advance(119_000)
    expect(submitted).toHaveLength(0)
    await advance(1_000)
    expectLoggedOut()
  })

  it('Log Out logs out, without the reason the timer gives (the person chose it)', async () => {
    start()
    await advance(13 * MIN)
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }))
    expectLoggedOut()
    expect(fetchMock).not.toHaveBeenCalled()
    expect(new FormData(form()).get('reason')).toBeNull()
  })

  it('the end of the countdown logs out with the reason: inactivity', async () => {
    start()
    await advance(15 * MIN)
    expectLoggedOut()
    expect(new FormData(form()).get('reason')).toBe('inactivity')
  })

  it('logs out on a check with no minutes left, even after a failed silent refresh', async () => {
    fetchMock.mockImplementation(async () => new Response('', { status: 503 }))
    start({ expiresIn: 30 })
    await advance(0)
    expect(fetchMock).toHaveBeenCalledTimes(1) // active at load: silent refresh, which fails
    expect(submitted).toHaveLength(0)
    await advance(1 * MIN)
    expectLoggedOut()
    expect(dialog()).toBeNull()
  })

  it('reloads a page restored from the back-forward cache', () => {
    const reload = vi.fn()
    vi.spyOn(window.location, 'reload').mockImplementation(reload)
    start()
    const show = (persisted: boolean) => {
      const e = new Event('pageshow')
      Object.defineProperty(e, 'persisted', { value: persisted })
      window.dispatchEvent(e)
    }
    show(false)
    expect(reload).not.toHaveBeenCalled()
    show(true)
    expect(reload).toHaveBeenCalledTimes(1)
  })
})

describe('a short session left alone after Continue (issue 35 item 3)', () => {
  /**
   * SESSION_IDLE_MINUTES=3, as the issue saw it: the server answers each renewal with 179 s (whole
   * seconds, rounded down) after a round trip of 300 ms. Before the fix a renewal counted as activity:
   * the next check fell 59.7 s after it (not idle) with 119.x s left, so it renewed again, for ever.
   */
  const SHORT = 180
  const ROUND_TRIP_MS = 300
  function slowServer() {
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => setTimeout(() => resolve(tokenResponse(SHORT - 1)), ROUND_TRIP_MS)))
  }

  it("ends at its idle time: 'Continue' renews once, the page's own checks never renew again", async () => {
    slowServer()
    start({ expiresIn: SHORT })
    await advance(1 * MIN) // 120 s left, idle since the load: the warning
    expect(dialog()).not.toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Continue' })) // at once
    await advance(ROUND_TRIP_MS)
    expect(dialog()).toBeNull()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    // Left alone from here: warned at the next check with 2 minutes or less left, logged out at 0.
    await advance(10 * MIN)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expectLoggedOut()
    expect(submitted[0]?.querySelector<HTMLInputElement>('input[name="reason"]')?.value).toBe('inactivity')
  })

  it('a silent renewal for a person active once is not activity: left alone after it, the session ends', async () => {
    slowServer()
    start({ expiresIn: SHORT })
    await advance(30_000)
    fireEvent.mouseMove(document.body) // a person, once
    await advance(30_000) // the check at 1 minute: active, a silent renewal
    await advance(ROUND_TRIP_MS)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(dialog()).toBeNull()
    await advance(10 * MIN)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expectLoggedOut()
  })

  it('renews silently again only for activity after the last renewal', async () => {
    slowServer()
    start({ expiresIn: SHORT })
    await advance(1 * MIN)
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await advance(30_000)
    fireEvent.keyDown(document.body, { key: 'a' }) // a person, after the renewal
    await advance(30_000) // the check at 2 minutes sees it: a silent renewal
    await advance(ROUND_TRIP_MS)
    expect(dialog()).toBeNull()
    expect(fetchMock).toHaveBeenCalledTimes(2)
    await advance(10 * MIN) // then nothing more: warned and logged out
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expectLoggedOut()
  })
})

describe('session timer across tabs', () => {
  it('tells the other tabs about activity, at most every 5 s', async () => {
    const { tabs } = start()
    await advance(1_000)
    fireEvent.mouseMove(document.body)
    await advance(1_000)
    fireEvent.keyDown(document.body, { key: 'a' })
    await advance(4_000)
    fireEvent.mouseMove(document.body)
    expect(tabs.sent).toEqual([{ activity: T0 + 1_000 }, { activity: T0 + 6_000 }])
  })

  it('counts activity in another tab: an idle tab refreshes instead of warning', async () => {
    const { tabs } = start()
    await advance(12.5 * MIN)
    tabs.tell({ activity: Date.now() })
    await advance(0.5 * MIN)
    expect(dialog()).toBeNull()
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('closes its warning and keeps the session when another tab reports activity', async () => {
    const { tabs } = start()
    await advance(13 * MIN)
    expect(dialog()).not.toBeNull()
    tabs.tell({ activity: Date.now() })
    await advance(0)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(dialog()).toBeNull()
    await advance(3 * MIN)
    expect(submitted).toHaveLength(0)
  })

  it('closes its warning and moves its deadline when another tab continued the session', async () => {
    const { tabs } = start()
    await advance(13 * MIN)
    expect(dialog()).not.toBeNull()
    tabs.tell({ deadline: Date.now() + 900_000 })
    expect(dialog()).toBeNull()
    await advance(12 * MIN)
    expect(dialog()).toBeNull()
    expect(submitted).toHaveLength(0)
    expect(fetchMock).not.toHaveBeenCalled()
    await advance(1 * MIN)
    expect(dialog()).not.toBeNull()
  })

  it('ignores a deadline from another tab that is not later than its own', async () => {
    const { tabs } = start()
    await advance(13 * MIN)
    tabs.tell({ deadline: T0 + 10 * MIN })
    expect(dialog()).not.toBeNull()
    await advance(2 * MIN)
    expectLoggedOut()
  })

  it('does not tell the other tabs about activity while its warning waits for an answer', async () => {
    const { tabs } = start()
    await advance(13 * MIN)
    fireEvent.mouseMove(document.body)
    expect(tabs.sent).toEqual([])
  })
})

describe('tab channel', () => {
  it('uses a BroadcastChannel named for the timer', () => {
    const channels: { name: string; posted: unknown[]; onmessage: ((e: MessageEvent) => void) | null; closed: boolean }[] = []
    vi.stubGlobal(
      'BroadcastChannel',
      class {
        record: (typeof channels)[number]
        constructor(name: string) {
          this.record = { name, posted: [], onmessage: null, closed: false }
          channels.push(this.record)
        }
        set onmessage(fn: (e: MessageEvent) => void) {
          this.record.onmessage = fn
        }
        postMessage(data: unknown) {
          this.record.posted.push(data)
        }
        close() {
          this.record.closed = true
        }
      },
    )
    const heard: TabNews[] = []
    const channel = openTabChannel((news) => heard.push(news))
    channel.post({ activity: T0 })
    channels[0]?.onmessage?.(new MessageEvent('message', { data: { deadline: T0 + 1 } }))
    channels[0]?.onmessage?.(new MessageEvent('message', { data: { deadline: 'soon' } }))
    channel.close()
    expect(channels).toEqual([{ name: CHANNEL_NAME, posted: [{ activity: T0 }], onmessage: expect.any(Function), closed: true }])
    expect(heard).toEqual([{ deadline: T0 + 1 }])
  })

  it('falls back to storage events without BroadcastChannel', () => {
    vi.stubGlobal('BroadcastChannel', undefined)
    const heard: TabNews[] = []
    const channel = openTabChannel((news) => heard.push(news))
    channel.post({ deadline: T0 })
    const written = JSON.parse(window.localStorage.getItem(CHANNEL_NAME) ?? 'null') as Record<string, unknown>
    expect(written).toMatchObject({ deadline: T0 })
    // Another tab's write arrives as a storage event; other keys and damaged values are ignored.
    const storage = (key: string, newValue: string) => window.dispatchEvent(new StorageEvent('storage', { key, newValue }))
    storage(CHANNEL_NAME, JSON.stringify({ activity: T0 + 5, n: 0.5 }))
    storage('other', JSON.stringify({ activity: T0 }))
    storage(CHANNEL_NAME, '{broken')
    channel.close()
    storage(CHANNEL_NAME, JSON.stringify({ activity: T0 + 9 }))
    expect(heard).toEqual([{ activity: T0 + 5 }])
  })
})
