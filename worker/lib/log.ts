/** Structured logs with the request id. Values under sensitive keys never reach a log line. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

const SENSITIVE = /pass|token|secret|card|cvv|account|routing|birth|dob|cookie|authorization/i

export function redact(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(fields)) {
    if (SENSITIVE.test(k)) out[k] = '[redacted]'
    else if (v && typeof v === 'object' && !Array.isArray(v)) out[k] = redact(v as Record<string, unknown>)
    else out[k] = v
  }
  return out
}

export function log(level: LogLevel, message: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ at: new Date().toISOString(), level, message, ...redact(fields) })
  if (level === 'error') console.error(line)
  else if (level === 'warn') console.warn(line)
  else console.log(line)
}
