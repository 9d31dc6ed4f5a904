import { defineConfig } from 'vitest/config'
import { workerTestConfig } from './tests/worker/pool-config'

/** The real worker with ENVIRONMENT=production: what production refuses (stand-ins, Test SSO, fake ping). */
export default defineConfig(() =>
  workerTestConfig(['tests/worker/**/*.prod.test.ts'], [], {
    ENVIRONMENT: 'production',
    SESSION_SIGNING_KEY: 'prod-like-signing-key-0123456789abcdef0123456789',
    PASSWORD_PEPPER: 'prod-like-pepper-0123456789',
    MAIL_API_URL: 'https://mail.example/v1/send',
    MAIL_API_KEY: 'prod-like-mail-key',
    PING_ADAPTER_SECRET: 'prod-like-ping-secret',
    OPT_OUT_API_URL: 'https://privacy-api.example/preferences',
    PING_BASE_URL: 'https://identity.example/pf',
    PING_LOGIN_URL: 'https://identity.example/login',
    PARTNER_LOGS_URL: 'https://partner.example/app-logs',
    PAYMENT_API_URL: 'https://payments.example/v1',
    PAYMENT_API_KEY: 'prod-like-payment-key',
  }),
)
