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
  SESSION_SIGNING_KEY: string
  PASSWORD_PEPPER: string
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
  SESSION_SIGNING_KEY: secret,
  PASSWORD_PEPPER: z.string().min(16),
})

let checked = false

/** Throws a descriptive error (never the values) when a setting is missing or unsafe. */
export function checkEnv(env: Env): void {
  if (checked) return
  const result = settingsSchema.safeParse(env)
  if (!result.success) {
    const fields = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`Invalid worker configuration: ${fields}`)
  }
  if (isProduction(env) && /dev-only|change-me|test-/i.test(env.SESSION_SIGNING_KEY + env.PASSWORD_PEPPER)) {
    throw new Error('Invalid worker configuration: development secrets in production')
  }
  checked = true
}

export function isProduction(env: Pick<Env, 'ENVIRONMENT'>): boolean {
  return env.ENVIRONMENT === 'production'
}
