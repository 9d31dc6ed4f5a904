import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import { pathOf } from '../../../shared/routes'
import { claimAddress, claimReferenceOf } from '../../../shared/claims/claim-address'
import { claimInScope } from '../../db/claims/claim-lookup'
import { openPolicy } from '../../services/policy/policy-access'
import { keepReturnPath } from '../../services/identity/return-path-cookie'
import { claimScopeOf } from '../../services/claims/paired-claims'
import { notFoundPage } from '../not-found'
import { definePage } from '../page'
import { claimPath } from './claim'

/**
 * A claim's one address (issue 32 item 3), /claims/{claim number or the claims team's number}, as the
 * claim's mails carry it. Signed out, it keeps itself as the sign-in's return path and goes to sign in.
 * Signed in, the portal finds the claim among the policies this person may see, loads that policy and
 * opens the claim's page. A claim on no such policy, another person's included, is the 404 page: the
 * same answer as a number nobody has, so an address tells nobody whose claim exists.
 */
export const claimLinkPage = definePage('Claim')

async function openClaim(c: Context<AppEnv>): Promise<Response> {
  const reference = claimReferenceOf(c.req.param('reference') ?? '')
  if (!reference) return notFoundPage(c)
  const session = c.get('session')
  if (!session) {
    keepReturnPath(c, claimAddress(reference))
    return c.redirect(pathOf('Login'), 303)
  }
  const scope = claimScopeOf(session)
  const found = scope ? await claimInScope(c.env.DB, scope, reference) : null
  const policy = found ? await openPolicy(c.env, session, found.policy_id) : null
  if (!found || !policy) return notFoundPage(c)
  c.header('Cache-Control', 'no-store')
  return c.redirect(claimPath(found.claim_number), 303)
}

claimLinkPage.get('/:reference', openClaim)
