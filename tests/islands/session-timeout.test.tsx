import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import SessionTimeout from '../../islands/session-timeout'
import { JSON_HEADER, type SessionTimeoutProps } from '../../shared/schemas/islands'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0)
const MIN = 60_000
const props: SessionTimeoutProps = { expiresIn: 900, refreshUrl: '/v1/common/token', logoutUrl: '/Logout' }

let fetchMock: Mock<typeof fetch>
let submitted: HTMLFormElement[]

function tokenResponse(expiresIn = 900) {
  return new Response(JSON.stringify({ expiresIn, accountToken: 'tok', tokenType: 'Bearer' }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  })
}

/** Moves the fake clock and runs due timers and the promises they start, inside act(). */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
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
  window.sessionStorage.setItem('draft', 'claim')
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  window.sessionStorage.clear()
})

function expectLoggedOut() {
  expect(submitted).toHaveLength(1)
  expect(submitted[0]?.getAttribute('action')).toBe('/Logout')
  expect(submitted[0]?.getAttribute('method')).toBe('post')
  expect(window.sessionStorage.length).toBe(0)
}

describe('session-timeout island', () => {
  it('renders only the hidden logout form on the server', () => {
    const html = renderToString(<SessionTimeout {...props} />)
    expect(html).toBe('<form hidden="" action="/Logout" method="post"></form>')
  })

  it('shows no modal and makes no request before the warning', async () => {
    render(<SessionTimeout {...props} />)
    await advance(12 * MIN)
    expect(dialog()).toBeNull()
    expect(fetchMock).not.toHaveBeenCalled()
    expect(submitted).toHaveLength(0)
  })

  it('opens the modal when 2 minutes remain and the user is idle', async () => {
    render(<SessionTimeout {...props} />)
    await advance(13 * MIN)
    const modal = screen.getByRole('dialog', { name: 'Your session is about to expire' })
    expect(modal.getAttribute('aria-modal')).toBe('true')
    expect(modal.textContent).toContain('For your security, you will be logged out in 2:00.')
    expect(screen.getByRole('status').textContent).toBe(
      'Your session is about to expire. For your security, you will be logged out in 2 minutes.',
    )
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('refreshes the token silently instead when the user is active, and counts from the new token', async () => {
    render(<SessionTimeout {...props} />)
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
    render(<SessionTimeout {...props} />)
    await advance(11.98 * MIN) // 718.8 s
    fireEvent.mouseMove(document.body) // 61.2 s before the 13-minute check
    await advance(1.02 * MIN)
    expect(dialog()).not.toBeNull()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('treats activity within the last 60 s as active', async () => {
    render(<SessionTimeout {...props} />)
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
    render(<SessionTimeout {...props} />)
    await advance(12.5 * MIN)
    act()
    await advance(0.5 * MIN)
    expect(dialog()).toBeNull()
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('ticks the countdown every second, never announcing each tick', async () => {
    render(<SessionTimeout {...props} />)
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
    render(<SessionTimeout {...props} expiresIn={890} />)
    // Checks at 1, 2, … minutes: at 13 minutes 110 s are left (2 minutes or less).
    await advance(12 * MIN)
    expect(dialog()).toBeNull()
    await advance(1 * MIN)
    expect(countdown()).toBe('1:50')
  })

  it('moves focus to Continue and keeps it inside the dialog', async () => {
    render(
      <>
        <button type="button">Outside</button>
        <SessionTimeout {...props} />
      </>,
    )
    await advance(13 * MIN)
    const cont = screen.getByRole('button', { name: 'Continue' })
    const logOut = screen.getByRole('button', { name: 'Log Out' })
    expect(document.activeElement).toBe(cont)
    fireEvent.keyDown(cont, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(logOut)
    fireEvent.keyDown(logOut, { key: 'Tab' })
    expect(document.activeElement).toBe(cont)
    act(() => screen.getByRole('button', { name: 'Outside' }).focus())
    expect(document.activeElement).toBe(cont)
  })

  it('Continue posts to the refresh URL with the JSON header and closes the modal', async () => {
    render(<SessionTimeout {...props} />)
    await advance(13 * MIN)
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await advance(0)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/v1/common/token')
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', credentials: 'same-origin', headers: JSON_HEADER })
    expect(dialog()).toBeNull()
    expect(screen.getByRole('status').textContent).toBe('')
    await advance(3 * MIN)
    expect(submitted).toHaveLength(0)
  })

  it('Escape means Continue', async () => {
    render(<SessionTimeout {...props} />)
    await advance(13 * MIN)
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })
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
    render(<SessionTimeout {...props} />)
    await advance(13 * MIN)
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await advance(0)
    expectLoggedOut()
  })

  it('logs out when the countdown reaches 0', async () => {
    render(<SessionTimeout {...props} />)
    await advance(13 * MIN)
    await advance(119_000)
    expect(submitted).toHaveLength(0)
    expect(window.sessionStorage.length).toBe(1)
    await advance(1_000)
    expectLoggedOut()
    await advance(5_000)
    expect(submitted).toHaveLength(1)
  })

  it('Log Out logs out', async () => {
    render(<SessionTimeout {...props} />)
    await advance(13 * MIN)
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }))
    expectLoggedOut()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('logs out on a check with no minutes left, even after a failed silent refresh', async () => {
    fetchMock.mockImplementation(async () => new Response('', { status: 503 }))
    render(<SessionTimeout {...props} expiresIn={30} />)
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
    render(<SessionTimeout {...props} />)
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
