/**
 * The answer of a /v1 call whose work the portal's own store could not do (decision 144): status 503
 * with `{ errorMessage }` (MSG.storeUnavailable). Nothing was done, and the same request sent again with
 * the same Idempotency-Key runs once. The islands show the server's message and keep what was typed.
 * No dependency (islands only; kept out of the session timer's shared chunk).
 */
export function storeUnavailableMessage(status: number, text: string): string | null {
  if (status !== 503) return null
  try {
    const message = (JSON.parse(text) as { errorMessage?: unknown } | null)?.errorMessage
    return typeof message === 'string' && message ? message : null
  } catch {
    return null
  }
}
