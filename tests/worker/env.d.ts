import type { D1Migration } from 'cloudflare:test'

declare global {
  namespace Cloudflare {
    interface Env {
      DB: D1Database
      CACHE: KVNamespace
      DOCS: R2Bucket
      ENVIRONMENT: string
      SESSION_SIGNING_KEY: string
      FLASH_SIGNING_KEY: string
      PASSWORD_PEPPER: string
      TEST_MIGRATIONS: D1Migration[]
    }
  }
}
export {}
