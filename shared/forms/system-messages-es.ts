import { MSG } from './messages'
import type { SpanishMessages } from '../i18n/catalog'

/**
 * The portal's general messages in Spanish (issue 36): the spec's error and 502 messages the Error and
 * System Message pages show, and the rate limit's refusal (worker/middleware/rate-rules.ts TOO_MANY, the
 * same English text: tests/unit/spanish-shell.test.ts keeps the two equal).
 */
export const SYSTEM_MESSAGES_ES: SpanishMessages = {
  [MSG.unexpectedError]: 'Ocurrió un error inesperado.',
  [MSG.issue502]: 'Parece que hubo un problema. Vuelva a la página de inicio de sesión.',
  'Too many requests in a short time. Please wait a few minutes and try again.':
    'Demasiadas solicitudes en poco tiempo. Espere unos minutos e intente de nuevo.',
}
