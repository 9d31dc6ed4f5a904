import { describe, expect, it } from 'vitest'
import { describeCountdown, formatCountdown } from '../../islands/session-timeout/countdown-text'
import { sessionWarningTexts } from '../../shared/session-warning-texts'
import { tokenLifetime } from '../../islands/session-timeout/refresh-token'
import { readNews } from '../../islands/session-timeout/tabs'
import { countdownEnd, countdownSeconds, isIdle, remainingMinutes, sessionCheck } from '../../islands/session-timeout/timing'

const T0 = 1_700_000_000_000
const s = (n: number) => n * 1_000

describe('session-timeout timing', () => {
  it.each([
    [s(900), 15],
    [s(121), 3],
    [s(120), 2],
    [s(61), 2],
    [s(60), 1],
    [s(1), 1],
    [0, 0],
    [-s(5), -0],
  ])('remainingMinutes with %i ms left is %i', (left, minutes) => {
    expect(remainingMinutes(T0 + left, T0)).toBe(minutes)
  })

  it.each([
    [s(900), 120],
    [s(121), 120],
    [s(120), 120],
    [s(119.2), 120],
    [s(75), 75],
    [s(0.4), 1],
    [0, 0],
    [-s(3), 0],
  ])('countdownSeconds with %i ms left is %i (capped at 120, never negative)', (left, seconds) => {
    expect(countdownSeconds(T0 + left, T0)).toBe(seconds)
  })

  it('ends the countdown at the deadline, or 120 s from now if the deadline is later', () => {
    expect(countdownEnd(T0 + s(90), T0)).toBe(T0 + s(90))
    expect(countdownEnd(T0 + s(170), T0)).toBe(T0 + s(120))
    expect(countdownEnd(T0 - s(1), T0)).toBe(T0)
  })

  it('is idle after 60000 ms without activity', () => {
    expect(isIdle(T0, T0 + 59_999)).toBe(false)
    expect(isIdle(T0, T0 + 60_000)).toBe(true)
  })

  it.each([
    ['none', s(121), 0],
    ['warn', s(120), s(60)],
    ['refresh', s(120), s(59)],
    ['warn', s(1), s(600)],
    ['logout', 0, 0],
    ['logout', -s(30), s(600)],
  ] as const)('decides %s with %i ms left and %i ms since activity', (want, left, sinceActivity) => {
    expect(sessionCheck(T0 + left, T0 - sinceActivity, 0, T0)).toBe(want)
  })

  it('never counts a renewal as activity: activity must come after the last renewal to earn another (issue 35 item 3)', () => {
    // 'Continue' pressed (activity and renewal at once) 59.5 s ago, nothing since: warn, do not renew again.
    expect(sessionCheck(T0 + s(120), T0 - s(59.5), T0 - s(59.5), T0)).toBe('warn')
    // A key pressed after that renewal: renew.
    expect(sessionCheck(T0 + s(120), T0 - s(30), T0 - s(59.5), T0)).toBe('refresh')
  })

  it('formats the countdown as m:ss', () => {
    expect(formatCountdown(120)).toBe('2:00')
    expect(formatCountdown(119)).toBe('1:59')
    expect(formatCountdown(65)).toBe('1:05')
    expect(formatCountdown(9)).toBe('0:09')
    expect(formatCountdown(0)).toBe('0:00')
  })

  it('describes the countdown in words for the announcement', () => {
    const en = sessionWarningTexts.en
    expect(describeCountdown(120, en)).toBe('2 minutes')
    expect(describeCountdown(61, en)).toBe('1 minute 1 second')
    expect(describeCountdown(45, en)).toBe('45 seconds')
  })

  it('describes it in Spanish on a page read in Spanish (issue 36)', () => {
    const es = sessionWarningTexts.es
    expect(describeCountdown(120, es)).toBe('2 minutos')
    expect(describeCountdown(61, es)).toBe('1 minuto y 1 segundo')
    expect(describeCountdown(1, es)).toBe('1 segundo')
  })

  it('reads the lifetime of a new token, and nothing else', () => {
    expect(tokenLifetime({ expiresIn: 900, accountToken: 'tok', tokenType: 'Bearer' })).toBe(900)
    for (const body of [
      null,
      'x',
      { expiresIn: 0, accountToken: 'tok', tokenType: 'Bearer' },
      { expiresIn: '900', accountToken: 'tok', tokenType: 'Bearer' },
      { expiresIn: 900, tokenType: 'Bearer' },
      { expiresIn: 900, accountToken: 'tok', tokenType: 'Basic' },
      { ok: true },
    ]) {
      expect(tokenLifetime(body), JSON.stringify(body)).toBeNull()
    }
  })

  it('takes only finite, positive times from another tab', () => {
    expect(readNews({ deadline: T0, activity: T0 - 1 })).toEqual({ deadline: T0, activity: T0 - 1 })
    expect(readNews({ activity: T0, other: 'x' })).toEqual({ activity: T0 })
    for (const data of [null, 'x', {}, { deadline: -1 }, { deadline: Infinity }, { activity: '1' }, { deadline: Number.NaN }]) {
      expect(readNews(data), String(data)).toBeNull()
    }
  })
})
