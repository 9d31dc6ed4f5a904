import { pathOf } from '../../../shared/routes'
import { endSession } from '../../services/identity/session'
import { clearSessionCookie } from '../../services/identity/session-cookie'
import { audit } from '../../db/audit'
import { definePage } from '../page'

/**
 * Spec 000 section 4: "Returning to account home for an SSO user clears session storage and goes to
 * the configured home address." The header's (and the Error page's) 'Account Home' of an SSO session
 * posts here: the session ends first, then the browser goes to SSO_HOME_URL. A POST, so no link from
 * another site can end a session; a direct login has an Account Home of its own and goes there.
 */
export const returnToPartnerPage = definePage('ReturnToPartner')

returnToPartnerPage.post('/', async (c) => {
  c.header('Cache-Control', 'no-store')
  const session = c.get('session')
  if (session?.kind === 'direct') return c.redirect(pathOf('AccountHome'), 303)
  if (session) {
    await endSession(c.env, session.id)
    await audit(c.env, c.get('requestId'), 'sso-return-home', null)
  }
  clearSessionCookie(c)
  return c.redirect(c.env.SSO_HOME_URL, 303)
})

/** Opened by address: nothing changes; Account Home decides (the guards send an SSO session to the partner). */
returnToPartnerPage.get('/', (c) => c.redirect(pathOf('AccountHome'), 303))
