/**
 * How the warning writes the seconds left. Only the warning's chunk imports this (the timer itself
 * never writes anything), so it is not part of the script every page loads.
 */

/** 125 -> '2:05'. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

/** 120 -> '2 minutes', 61 -> '1 minute 1 second' (for the one spoken announcement). */
export function describeCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const m = Math.floor(s / 60)
  const r = s % 60
  const parts: string[] = []
  if (m > 0) parts.push(`${m} minute${m === 1 ? '' : 's'}`)
  if (r > 0 || m === 0) parts.push(`${r} second${r === 1 ? '' : 's'}`)
  return parts.join(' ')
}
