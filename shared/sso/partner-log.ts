/**
 * Partner logging (spec 000 sections 3, 6, 7): the entry sent to the partner's app-logs endpoint, when
 * it may be sent, and the 100-character cut.
 */

/** Spec 000 section 7: Debug 0, Info 1, Warn 2, Error 3. */
export const LogLevel = { Debug: 0, Info: 1, Warn: 2, Error: 3 } as const
type LogLevelValue = (typeof LogLevel)[keyof typeof LogLevel]

/** The fixed product label sent as ApplicationName. */
export const PARTNER_LOG_APPLICATION = 'ProgHome Policyholder Portal'
const PARTNER_LOG_MAX_MESSAGE = 100
export const PARTNER_LOGGING_FEATURE = 'customerPortal.PgrPartnerLogging'

export interface PartnerLogEntry {
  ApplicationName: string
  LogLevel: LogLevelValue
  Message: string
  TransactionDateTime: string
  TransactionId: string
}

/** At most `max` characters (code points, so a character is never cut in half). */
export function cutMessage(message: string, max = PARTNER_LOG_MAX_MESSAGE): string {
  const chars = Array.from(message)
  return chars.length <= max ? message : chars.slice(0, max).join('')
}

/**
 * Level Info, or Error when an error message exists (then the error message is what is sent), the
 * message cut to 100 characters, the tracking id as TransactionId.
 */
export function buildPartnerLogEntry(input: { message: string; errorMessage?: string | null; transactionId: string; at: Date }): PartnerLogEntry {
  const error = input.errorMessage?.trim()
  return {
    ApplicationName: PARTNER_LOG_APPLICATION,
    LogLevel: error ? LogLevel.Error : LogLevel.Info,
    Message: cutMessage(error || input.message),
    TransactionDateTime: input.at.toISOString(),
    TransactionId: input.transactionId,
  }
}

/** Sent only if the partner token and tracking id exist and the global partner-logging flag is on. */
export function shouldSendPartnerLog(ctx: {
  token: string | null | undefined
  trackingId: string | null | undefined
  features: Record<string, boolean>
}): boolean {
  return Boolean(ctx.token) && Boolean(ctx.trackingId) && ctx.features[PARTNER_LOGGING_FEATURE] === true
}
