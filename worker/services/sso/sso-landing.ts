import type { Env } from '../../env'
import type { RouteName } from '../../../shared/routes'
import type { SsoParams } from '../../../shared/sso/schemas/sso'
import { landingRoute } from '../../../shared/sso/landing'
import { policyAccess, SSO_TEXT } from '../../../shared/sso/sso'
import { DEFAULT_OPT_OUT_PREFERENCE, effectiveOptOutPreference, parseOptOutPreference } from '../../../shared/sso/opt-out'
import type { IdentityPort } from '../../integrations/identity'
import type { PartnerLogsPort } from '../../integrations/partner-logs'
import { exchangeSsoToken } from './sso-exchange'
import { startSession, endSession } from '../identity/session'
import { openPolicy } from '../policy/policy-access'
import { sendPartnerLogs, type Background, type PartnerLogLine } from './partner-logging'
import { recordOptOutInBackground } from './opt-out'
import type { FeatureMap } from '../policy/features'
import { audit } from '../../db/audit'
import { log } from '../../lib/log'

const SSO_LOOKUP_FAILED = 'SSO policies lookup failed'

export interface LandingInput {
  /** The identity-service reference; absent on the fake path. */
  tokenId?: string
  params: SsoParams
  /** fakePingResponse, only true where the caller found stand-ins allowed (development, from loopback). */
  fake: boolean
  features: FeatureMap
  gpc: boolean
  meta: { ip: string; userAgent: string; requestId: string }
}

export type LandingOutcome =
  /** A new SSO session: its token for the cookie, and where the policy opens. */
  | { kind: 'landed'; accountToken: string; route: RouteName }
  /** 'Access to policy denied.' on the Error page (steps 5 and 7). */
  | { kind: 'denied' }
  /** The generic Error page (step 6, or a lookup failure other than the identity service's). */
  | { kind: 'error' }
  /** The identity service failed: 'There appears to have been an issue…' (the 502 handling). */
  | { kind: 'issue' }

export interface LandingDeps {
  identity?: IdentityPort
  partnerLogs?: PartnerLogsPort
  background?: Background | null
}

/**
 * Steps 4 (the exchange) to 7 of spec 000 "SSO landing", and the routing after it. The caller has
 * parsed the parameters, handled steps 1 to 3 and the redirects, and reset any previous session.
 */
export async function completeSsoLanding(env: Env, input: LandingInput, deps: LandingDeps = {}): Promise<LandingOutcome> {
  const { params, meta } = input
  const policyId = params.policyId
  const context = { requestId: meta.requestId, trackingId: params.tracking_id ?? null, policyId: policyId ?? null }
  const background = deps.background ?? null
  const partnerLog = (partnerToken: string | null, lines: PartnerLogLine[]) =>
    sendPartnerLogs(env, { token: partnerToken, trackingId: params.tracking_id, features: input.features }, lines, background, deps.partnerLogs)

  const exchange = await exchangeSsoToken(
    env,
    { tokenId: input.tokenId, policyId, fake: input.fake, fakeAllowed: input.fake },
    deps.identity ? { identity: deps.identity } : {},
  )
  if (!exchange.ok) {
    log('error', SSO_LOOKUP_FAILED, { ...context, failure: exchange.failure, status: exchange.status, detail: exchange.detail })
    // Spec 000 section 8 "SSO policies lookup failure: Logged to the partner", with the token the failed answer carried.
    await partnerLog(exchange.partnerToken, [{ message: 'SSO landing', errorMessage: `${SSO_LOOKUP_FAILED} (${exchange.failure})` }])
    return exchange.failure === 'unavailable' || exchange.failure === 'rejected-credentials' ? { kind: 'issue' } : { kind: 'error' }
  }

  const access = policyAccess(exchange.policies, policyId)
  if (access === 'no-policies') {
    log('warn', SSO_TEXT.noPolicies, context)
    await partnerLog(exchange.partnerToken, [{ message: 'SSO landing', errorMessage: SSO_TEXT.noPolicies }])
    return { kind: 'denied' }
  }
  if (access === 'denied') {
    log('warn', SSO_TEXT.accessDenied, { ...context, returned: exchange.policies.length })
    await audit(env, meta.requestId, 'sso-denied', null, `policy=${policyId ?? '-'}`)
    await partnerLog(exchange.partnerToken, [{ message: 'SSO landing', errorMessage: SSO_TEXT.accessDenied }])
    return { kind: 'denied' }
  }

  // A new session (a new id), scoped to exactly the policies the identity service returned.
  const systemOrigin = params.SystemOrigin ?? ''
  const { session, token } = await startSession(env, {
    kind: 'sso',
    profileId: null,
    ssoScope: exchange.policies,
    systemOrigin,
    ip: meta.ip,
    userAgent: meta.userAgent,
  })
  let policy = null
  try {
    policy = await openPolicy(env, session, policyId!)
  } catch (err) {
    log('error', 'policy could not be read', { ...context, error: err instanceof Error ? err.name : 'unknown' })
  }
  if (!policy) {
    log('error', SSO_TEXT.policyLoadFailed, context)
    await endSession(env, session.id)
    await partnerLog(exchange.partnerToken, [{ message: 'SSO landing', errorMessage: SSO_TEXT.policyLoadFailed }])
    return { kind: 'error' }
  }

  const route = landingRoute(policy, params.actionCd)
  log('info', 'SSO landing', { ...context, route, scope: exchange.policies.length, systemOrigin, fake: exchange.fake })
  await audit(
    env,
    meta.requestId,
    'sso-landing',
    null,
    `policy=${policy.policyID}; scope=${exchange.policies.length}; origin=${systemOrigin || '-'}${exchange.fake ? '; fake' : ''}`,
  )
  const preference = effectiveOptOutPreference(parseOptOutPreference(params.PgrOptOutPref) ?? DEFAULT_OPT_OUT_PREFERENCE, input.gpc)
  await recordOptOutInBackground(env, { policyId: policy.policyID, preference, source: 'sso-landing', gpc: input.gpc }, background)
  await partnerLog(exchange.partnerToken, [{ message: `SSO landing complete: policy ${policy.policyID} opened at ${route}` }])
  return { kind: 'landed', accountToken: token.accountToken, route }
}
