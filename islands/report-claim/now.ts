/** The browser's clock, in its own module so tests can set the time (never read the real date in a test). */
export function now(): number {
  return Date.now()
}
