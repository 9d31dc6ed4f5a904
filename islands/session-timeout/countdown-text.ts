import { fill } from '../../shared/i18n/catalog'
import type { SessionWarningTexts } from '../../shared/session-warning-texts'

/**
 * How the warning writes the seconds left. Only the warning's chunk imports this (the timer itself
 * never writes anything), so it is not part of the script every page loads.
 */

/** 125 -> '2:05'. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

/** 120 -> '2 minutes', 61 -> '1 minute 1 second' (for the one spoken announcement), in the page's language. */
export function describeCountdown(seconds: number, t: SessionWarningTexts): string {
  const s = Math.max(0, Math.floor(seconds))
  const m = Math.floor(s / 60)
  const r = s % 60
  const parts: string[] = []
  if (m > 0) parts.push(fill(m === 1 ? t.minute : t.minutes, { n: m }))
  if (r > 0 || m === 0) parts.push(fill(r === 1 ? t.second : t.seconds, { n: r }))
  return parts.join(t.join)
}
