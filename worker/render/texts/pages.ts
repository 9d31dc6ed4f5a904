import { defineTexts } from '../../../shared/i18n/catalog'
import { SESSION_ENDED, SESSION_ENDED_ES } from '../../../shared/routes'

/** The shell's own pages and parts (issue 36): session ended, too many requests, a form's error summary, a title's outcome. */
export const sessionEndedTexts = defineTexts(
  { heading: 'Session Ended', message: SESSION_ENDED, returnToLogin: 'Return to Login' },
  { heading: 'Sesión terminada', message: SESSION_ENDED_ES, returnToLogin: 'Volver a iniciar sesión' },
)

export const tooManyTexts = defineTexts({ heading: 'Please Wait', back: 'Back' }, { heading: 'Espere un momento', back: 'Volver' })

export const errorSummaryTexts = defineTexts(
  {
    one: 'Please correct this field:',
    many: (n: number) => `Please correct these ${n} fields:`,
  },
  {
    one: 'Corrija este campo:',
    many: (n) => `Corrija estos ${n} campos:`,
  },
)

/** A result the title says before the page's name (decision 183): 'Error: Make a Payment - ProgHome'. */
export const outcomeTexts = defineTexts({ Success: 'Success', Error: 'Error', Pending: 'Pending' }, { Success: 'Éxito', Error: 'Error', Pending: 'Pendiente' })
