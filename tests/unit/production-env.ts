import type { Env } from '../../worker/env'

/** A complete, valid production configuration: each test changes one setting from here. */
export const production = {
  ENVIRONMENT: 'production',
  MARKETING_HOST_PREFIX: 'https://www.proghome.example',
  OPT_OUT_URL: 'https://privacy.proghome.example/opt-out',
  PARTNER_LOGIN_URL: 'https://partner.example/login',
  SSO_LOGOUT_URL: 'https://partner.example/logout',
  SSO_HOME_URL: 'https://partner.example/account',
  PING_BASE_URL: 'https://identity.example/pf',
  PING_LOGIN_URL: 'https://identity.example/login',
  PARTNER_LOGS_URL: 'https://partner.example/app-logs',
  SUPPORT_PHONE: '1-800-555-0134',
  CLAIMS_PHONE: '1-800-555-0199',
  PORTAL_BASE_URL: 'https://portal.proghome.example',
  MAIL_API_URL: 'https://mail.example/send',
  MAIL_FROM: 'no-reply@proghome.example',
  MAIL_API_KEY: 'key',
  PING_ADAPTER_ID: 'portal',
  PING_INSTANCE_ID: 'prod',
  PING_ADAPTER_SECRET: 'secret',
  OPT_OUT_API_URL: 'https://privacy-api.example/preferences',
  PAYMENT_API_URL: 'https://payments.example/v1',
  PAYMENT_API_KEY: 'key',
  SESSION_SIGNING_KEY: 'a-real-production-signing-key-0123456789abcdef',
  FLASH_SIGNING_KEY: 'a-real-production-flash-key-0123456789abcdef',
  PASSWORD_PEPPER: 'a-real-production-pepper',
} as unknown as Env
