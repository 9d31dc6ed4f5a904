import { z } from 'zod'
import type { D1Database, KVNamespace, R2Bucket, RateLimit, Fetcher } from '@cloudflare/workers-types'

/** Bindings and settings (wrangler.toml [vars], secrets). Checked once, at the first request. */
export interface Env {
  DB: D1Database
  CACHE: KVNamespace
  DOCS: R2Bucket
  ASSETS: Fetcher
  IP_LIMITER?: RateLimit
  ENVIRONMENT: string
  MARKETING_HOST_PREFIX: string
  OPT_OUT_URL: string
  PARTNER_LOGIN_URL: string
  SSO_LOGOUT_URL: string
  SSO_HOME_URL: string
  PING_BASE_URL: string
  PING_LOGIN_URL: string
  PARTNER_LOGS_URL: string
  SUPPORT_PHONE: string
  CLAIMS_PHONE: string
  /** Absolute address of the portal, for links in emails (never taken from the Host header). */
  PORTAL_BASE_URL: string
  /** Mail port: the transactional mail API (production) and the sender address. */
  MAIL_API_URL?: string
  MAIL_FROM: string
  /** Identity service adapter: id and instance sent with each pickup. */
  PING_ADAPTER_ID: string
  PING_INSTANCE_ID: string
  /** The insurer's endpoint that records privacy opt-out preferences. */
  OPT_OUT_API_URL?: string
  /** The payment processor's API (locally the /__dev/payments sandbox). */
  PAYMENT_API_URL?: string
  /** The carrier's claims system API (locally the /__dev/claims-system stand-in). */
  CLAIMS_SYSTEM_URL?: string
  /** The National Vendor network's API, emergency repairs (locally the /__dev/vendors stand-in). */
  VENDOR_API_URL?: string
  /** The SMS provider's send call (locally the /__dev/sms stand-in's). */
  SMS_API_URL?: string
  /** The carrier's policy administration system: quotes and binds policy changes (locally the /__dev/policy-admin stand-in). */
  POLICY_ADMIN_URL?: string
  /** WebAuthn (decision 181): the relying party id (the site's domain) and the origins passkeys are used from, comma-separated. */
  WEBAUTHN_RP_ID: string
  WEBAUTHN_ORIGINS: string
  SESSION_SIGNING_KEY: string
  /** Signs the one-time message cookie (system-message and error pages); never the session key. */
  FLASH_SIGNING_KEY: string
  PASSWORD_PEPPER: string
  /** Secrets required in production only (local stand-ins need none). */
  MAIL_API_KEY?: string
  PING_ADAPTER_SECRET?: string
  PAYMENT_API_KEY?: string
  /** The claims system's API credential (bearer token). */
  CLAIMS_SYSTEM_SECRET?: string
  /** Signs the claims system's events to POST /hooks/claims-system; without it every event is refused. */
  CLAIMS_SYSTEM_WEBHOOK_SECRET?: string
  /** The vendor network's API credential (bearer token). */
  VENDOR_API_KEY?: string
  /** The SMS provider's API credential (bearer token). */
  SMS_API_KEY?: string
  /** Signs the SMS provider's inbound messages (STOP) to POST /hooks/sms; without it every one is refused. */
  SMS_WEBHOOK_SECRET?: string
  /** The policy administration system's API credential (bearer token). */
  POLICY_ADMIN_API_KEY?: string
  /** Local development only: a shorter session (minutes) to try the timeout warning; every deployed environment refuses it. */
  SESSION_IDLE_MINUTES?: string
}

const url = z.string().url()
const secret = z.string().min(32, 'must be at least 32 characters')

/** Every setting and secret (exported for npm run deploy:check, which reads the names from here). */
export const settingsSchema = z.object({
  ENVIRONMENT: z.enum(['development', 'test', 'staging', 'production']),
  MARKETING_HOST_PREFIX: url,
  OPT_OUT_URL: url,
  PARTNER_LOGIN_URL: url,
  SSO_LOGOUT_URL: url,
  SSO_HOME_URL: url,
  PING_BASE_URL: url,
  PING_LOGIN_URL: url,
  PARTNER_LOGS_URL: url,
  SUPPORT_PHONE: z.string().min(1),
  CLAIMS_PHONE: z.string().min(1),
  PORTAL_BASE_URL: url,
  MAIL_API_URL: url.optional(),
  MAIL_FROM: z.string().email(),
  PING_ADAPTER_ID: z.string().min(1),
  PING_INSTANCE_ID: z.string().min(1),
  OPT_OUT_API_URL: url.optional(),
  PAYMENT_API_URL: url.optional(),
  CLAIMS_SYSTEM_URL: url.optional(),
  VENDOR_API_URL: url.optional(),
  SMS_API_URL: url.optional(),
  POLICY_ADMIN_URL: url.optional(),
  WEBAUTHN_RP_ID: z.string().regex(/^[a-z0-9.-]+$/, 'must be a domain name'),
  WEBAUTHN_ORIGINS: z.string().min(1),
  SESSION_SIGNING_KEY: secret,
  FLASH_SIGNING_KEY: secret,
  PASSWORD_PEPPER: z.string().min(16),
  MAIL_API_KEY: z.string().min(1).optional(),
  PING_ADAPTER_SECRET: z.string().min(1).optional(),
  PAYMENT_API_KEY: z.string().min(1).optional(),
  CLAIMS_SYSTEM_SECRET: z.string().min(1).optional(),
  CLAIMS_SYSTEM_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  VENDOR_API_KEY: z.string().min(1).optional(),
  SMS_API_KEY: z.string().min(1).optional(),
  SMS_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  POLICY_ADMIN_API_KEY: z.string().min(1).optional(),
  // At least 3: the warning needs a minute of idleness with at most 2 minutes left (islands/session-timeout/timing.ts).
  SESSION_IDLE_MINUTES: z
    .string()
    .regex(/^\d{1,2}$/, 'must be a whole number of minutes')
    .refine((v) => Number(v) >= 3 && Number(v) <= 15, 'must be 3 to 15 minutes')
    .optional(),
})

/** What every deployed environment (staging and test included) needs on top: the real adapters' addresses and credentials. */
export const PRODUCTION_REQUIRED = [
  'MAIL_API_URL',
  'MAIL_API_KEY',
  'PING_ADAPTER_SECRET',
  'OPT_OUT_API_URL',
  'PAYMENT_API_URL',
  'PAYMENT_API_KEY',
  'CLAIMS_SYSTEM_URL',
  'CLAIMS_SYSTEM_SECRET',
  'CLAIMS_SYSTEM_WEBHOOK_SECRET',
  'VENDOR_API_URL',
  'VENDOR_API_KEY',
  'SMS_API_URL',
  'SMS_API_KEY',
  'SMS_WEBHOOK_SECRET',
  'POLICY_ADMIN_URL',
  'POLICY_ADMIN_API_KEY',
] as const

let checked = false

/** Throws a descriptive error (never the values) when a setting is missing or unsafe. */
export function checkEnv(env: Env): void {
  if (checked) return
  const result = settingsSchema.safeParse(env)
  if (!result.success) {
    const fields = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`Invalid worker configuration: ${fields}`)
  }
  if (env.FLASH_SIGNING_KEY === env.SESSION_SIGNING_KEY) {
    throw new Error('Invalid worker configuration: FLASH_SIGNING_KEY must differ from SESSION_SIGNING_KEY')
  }
  if (isDeployed(env)) {
    const missing = PRODUCTION_REQUIRED.filter((k) => !env[k])
    if (missing.length) throw new Error(`Invalid worker configuration: ${env.ENVIRONMENT} needs ${missing.join(', ')}`)
    const standIns = (
      [
        'PING_BASE_URL',
        'PING_LOGIN_URL',
        'PARTNER_LOGS_URL',
        'PAYMENT_API_URL',
        'CLAIMS_SYSTEM_URL',
        'VENDOR_API_URL',
        'SMS_API_URL',
        'POLICY_ADMIN_URL',
      ] as const
    ).filter((k) => env[k]?.includes('/__dev/'))
    if (env.SESSION_IDLE_MINUTES !== undefined) {
      throw new Error(`Invalid worker configuration: SESSION_IDLE_MINUTES is for local development only, not ${env.ENVIRONMENT}`)
    }
    if (standIns.length) throw new Error(`Invalid worker configuration: ${standIns.join(', ')} point at local stand-ins`)
    if (
      /dev-only|change-me|test-/i.test(
        [env.SESSION_SIGNING_KEY, env.FLASH_SIGNING_KEY, env.PASSWORD_PEPPER, env.CLAIMS_SYSTEM_WEBHOOK_SECRET, env.SMS_WEBHOOK_SECRET].join(' '),
      )
    ) {
      throw new Error(`Invalid worker configuration: development secrets in ${env.ENVIRONMENT}`)
    }
  }
  checked = true
}

/**
 * Every environment but local development is deployed and behaves like production: real adapters,
 * their secrets required at start, no stand-ins, no Test SSO, no fakePingResponse (decision 120).
 */
export function isDeployed(env: Pick<Env, 'ENVIRONMENT'>): boolean {
  return env.ENVIRONMENT !== 'development'
}

/**
 * SESSION_IDLE_MINUTES, to see the session-timeout warning within a minute locally
 * (`SESSION_IDLE_MINUTES=3 npm start`, issue 21 item 11); null for spec 000's 15 minutes. checkEnv
 * refuses the setting in every deployed environment, and it is ignored there as well.
 */
export function devSessionIdleMinutes(env: Pick<Env, 'ENVIRONMENT' | 'SESSION_IDLE_MINUTES'>): number | null {
  if (isDeployed(env) || !env.SESSION_IDLE_MINUTES) return null
  return Number(env.SESSION_IDLE_MINUTES)
}

/**
 * Whether this request may use a local stand-in (`/__dev`, Test SSO, fakePingResponse): only when
 * ENVIRONMENT=development AND the request is addressed to a loopback host AND comes from a loopback
 * address (no CF-Connecting-IP, as in the worker tests, or a loopback one, as wrangler dev sets).
 * On Cloudflare the host is the zone's and CF-Connecting-IP the real client's, so a deployed worker
 * wrongly set to development still refuses them.
 */
export function standInsAllowed(env: Pick<Env, 'ENVIRONMENT'>, request: { url: string; headers: { get(name: string): string | null } }): boolean {
  if (isDeployed(env)) return false
  let host: string
  try {
    host = new URL(request.url).hostname
  } catch {
    return false
  }
  if (!isLoopbackHost(host)) return false
  const ip = request.headers.get('CF-Connecting-IP')
  return ip === null || isLoopbackAddress(ip)
}

/** localhost (and its subdomains), 127.0.0.0/8, ::1 (URL hostnames keep IPv6 in brackets). */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1')
  return h === 'localhost' || h.endsWith('.localhost') || isLoopbackAddress(h)
}

function isLoopbackAddress(address: string): boolean {
  const a = address.trim().toLowerCase()
  if (a === '::1' || a === '0:0:0:0:0:0:0:1') return true
  const v4 = a.startsWith('::ffff:') ? a.slice(7) : a
  return /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.test(v4) && v4.split('.').every((n) => Number(n) <= 255)
}
