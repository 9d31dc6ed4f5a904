import { secureHeaders, NONCE, type ContentSecurityPolicyOptionHandler } from 'hono/secure-headers'
import type { Env } from '../env'

/**
 * Chromium applies form-action to the redirects that follow a form post, so the partner addresses a
 * form may end at (SSO logout, the partner login behind Great News) are allowed by origin.
 */
const partnerFormTargets: ContentSecurityPolicyOptionHandler = (c) => {
  const env = c.env as Env
  const origins = new Set<string>()
  for (const url of [env.SSO_LOGOUT_URL, env.PARTNER_LOGIN_URL]) {
    try {
      origins.add(new URL(url).origin)
    } catch {
      // checkEnv refuses malformed addresses before any page is served
    }
  }
  return [...origins].join(' ')
}

/** CSP with a per-response nonce and no 'unsafe-inline'; the rest of ARCHITECTURE section 8. */
export const securityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", NONCE],
    styleSrc: ["'self'"],
    // blob: the thumbnails of photos a person has just chosen on Report a Claim (object URLs the island makes, decision 227).
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    formAction: ["'self'", partnerFormTargets],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
  },
  strictTransportSecurity: 'max-age=63072000; includeSubDomains',
  referrerPolicy: 'strict-origin-when-cross-origin',
  xFrameOptions: 'DENY',
  crossOriginEmbedderPolicy: false,
  permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
})
