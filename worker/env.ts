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
  SESSION_SIGNING_KEY: string
  PASSWORD_PEPPER: string
  /** Secrets required in production only (local stand-ins need none). */
  MAIL_API_KEY?: string
  PING_ADAPTER_SECRET?: string
  PAYMENT_API_KEY?: string
}

const url = z.string().url()
const secret = z.string().min(32, 'must be at least 32 characters')

const settingsSchema = z.object({
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
  SESSION_SIGNING_KEY: secret,
  PASSWORD_PEPPER: z.string().min(16),
  MAIL_API_KEY: z.string().min(1).optional(),
  PING_ADAPTER_SECRET: z.string().min(1).optional(),
  PAYMENT_API_KEY: z.string().min(1).optional(),
})

/** What production needs on top: the real adapters' addresses and credentials. */
const PRODUCTION_REQUIRED = ['MAIL_API_URL', 'MAIL_API_KEY', 'PING_ADAPTER_SECRET', 'OPT_OUT_API_URL', 'PAYMENT_API_URL', 'PAYMENT_API_KEY'] as const

let checked = false

/** Throws a descriptive error (never the values) when a setting is missing or unsafe. */
export function checkEnv(env: Env): void {
  if (checked) return
  const result = settingsSchema.safeParse(env)
  if (!result.success) {
    const fields = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`Invalid worker configuration: ${fields}`)
  }
  if (isProduction(env)) {
    const missing = PRODUCTION_REQUIRED.filter((k) => !env[k])
    if (missing.length) throw new Error(`Invalid worker configuration: production needs ${missing.join(', ')}`)
    const standIns = (['PING_BASE_URL', 'PING_LOGIN_URL', 'PARTNER_LOGS_URL', 'PAYMENT_API_URL'] as const).filter((k) => env[k]?.includes('/__dev/'))
    if (standIns.length) throw new Error(`Invalid worker configuration: ${standIns.join(', ')} point at local stand-ins`)
    if (/dev-only|change-me|test-/i.test(env.SESSION_SIGNING_KEY + env.PASSWORD_PEPPER)) {
      throw new Error('Invalid worker configuration: development secrets in production')
    }
  }
  checked = true
}

export function isProduction(env: Pick<Env, 'ENVIRONMENT'>): boolean {
  return env.ENVIRONMENT === 'production'
}
