import type { Context } from 'hono'
import type { AppEnv } from '../types'
import { renderPage } from '../render/render-page'
import { pathOf, route } from '../../shared/routes'
import { MSG } from '../../shared/forms/messages'
import { ErrorView, errorVisitor } from './error'
import { messageIn } from '../../shared/i18n/messages'
import { requestLocale } from '../lib/request-locale'

/**
 * A failure of ours on a page: the Error route (spec 000 section 8 "Generic error
 * handler: ... goes to the Error route"), so its direct-login/SSO button rule applies. Only a failure of
 * the Error page itself is answered in place (status 500), with the same view and rule; never a stack.
 */
export function serverErrorResponse(c: Context<AppEnv>): Response {
  if (c.get('route')?.name !== 'Error') return c.redirect(pathOf('Error'), 303)
  try {
    return renderPage(c, <ErrorView detail={null} visitor={errorVisitor(c.get('session') ?? null)} phone={c.env.SUPPORT_PHONE} />, {
      status: 500,
      route: route('Error'),
      policy: null,
    })
  } catch {
    return c.text(messageIn(requestLocale(c), MSG.unexpectedError), 500)
  }
}
