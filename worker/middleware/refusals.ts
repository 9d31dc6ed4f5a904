import type { Context } from 'hono'
import type { AppEnv } from '../types'
import type { Locale } from '../../shared/i18n/locale'

/**
 * How one side of the app says no. Pages answer text or an HTML page, /v1 a problem (RFC 9457): the
 * shared middleware is given its side's answers when it is mounted, never asks the path which side it
 * serves (decision 160).
 */
export interface Refusals {
  tooLarge(c: Context<AppEnv>): Response
  tooMany(c: Context<AppEnv>, message: string): Response
  /** The language its refusals are written in: a page's; /v1's answers' (the page's for a cookie session, else English). */
  locale?(c: Context<AppEnv>): Locale
  crossSite(c: Context<AppEnv>, message: string): Response
  /** A card number where none may be: `field` names where it was (never its value). */
  cardNumber(c: Context<AppEnv>, field: string): Response
}
