import { log } from './log'

/**
 * A failure of the portal's own database (D1): unreachable ('D1_ERROR: Network connection lost.'),
 * overloaded, or refusing a write (SQLITE_CONSTRAINT and the like). The request was fine; the work
 * could not be done. Anything else (a bug) is not one, and still goes to the generic handler.
 */
export function isStoreError(err: unknown): boolean {
  if (!(err instanceof Error)) return false
  const text = `${err.message} ${String((err as { cause?: unknown }).cause ?? '')}`
  return /\bD1_[A-Z_]*ERROR\b|\bSQLITE_[A-Z]+/.test(text)
}

export const STORE_FAILED: unique symbol = Symbol('store failed')

/**
 * Runs a request's work; a store failure is logged and answered STORE_FAILED, for the caller to show
 * MSG.storeUnavailable with what was typed (status 503). The work must leave nothing half-written
 * when it fails (one D1 batch, or writes whose later failure undoes nothing), so that the retry the
 * message asks for has exactly one effect.
 */
export async function unlessStoreFails<T>(requestId: string, what: string, work: () => Promise<T>): Promise<T | typeof STORE_FAILED> {
  try {
    return await work()
  } catch (err) {
    if (!isStoreError(err)) throw err
    log('error', 'store failure', { requestId, what, error: String(err).slice(0, 200) })
    return STORE_FAILED
  }
}
