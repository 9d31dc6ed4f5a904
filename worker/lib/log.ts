import { findCardNumber } from '../../shared/payments/pan'

/**
 * Structured logs with the request id. Values under sensitive keys never reach a log line, nor does a
 * text the card rule takes for a card number (PCI DSS 3.4, decision 201): the guards refuse such input
 * before it is logged; a path, a header or an error that still carries one is withheld here.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

const SENSITIVE = /pass|token|secret|card|cvv|account|routing|birth|dob|cookie|authorization/i
const WITHHELD = '[withheld: it held what looks like a card number]'

const judged = (v: unknown) => (typeof v === 'string' && findCardNumber(v) ? WITHHELD : v)

export function redact(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(fields)) {
    if (SENSITIVE.test(k)) out[k] = '[redacted]'
    else if (Array.isArray(v)) out[k] = v.map(judged)
    else if (v && typeof v === 'object') out[k] = redact(v as Record<string, unknown>)
    else out[k] = judged(v)
  }
  return out
}

export function log(level: LogLevel, message: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ at: new Date().toISOString(), level, message: judged(message), ...redact(fields) })
  if (level === 'error') console.error(line)
  else if (level === 'warn') console.warn(line)
  else console.log(line)
}
