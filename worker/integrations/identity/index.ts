import type { D1Database } from '@cloudflare/workers-types'
import type { Env } from '../../env'
import { pingHttpAdapter, type PingHttpConfig } from './ping-http'
import { claimReference } from './used-references'
import type { IdentityPort } from './port'
import { REFERENCE_PATTERN } from '../../../shared/sso/schemas/sso'

export type { IdentityPort, PickupFailure } from './port'

export type IdentityDeps = Pick<PingHttpConfig, 'fetch' | 'timeoutMs'>

/** Each reference is picked up at most once: claimed in D1 before the identity service is asked. */
function singleUse(db: D1Database, port: IdentityPort): IdentityPort {
  return {
    async pickup(reference) {
      if (!REFERENCE_PATTERN.test(reference)) return { ok: false, failure: 'invalid-reference', status: null, detail: 'not a reference' }
      if (!(await claimReference(db, reference))) return { ok: false, failure: 'reused-reference', status: null, detail: 'reference already used' }
      return port.pickup(reference)
    },
  }
}

/**
 * The identity service as the worker uses it: the Ping HTTP adapter at PING_BASE_URL (in development
 * `npm start` points it at the /__dev/identity stand-in; production has no stand-in), single use.
 */
export function identityService(env: Env, deps: IdentityDeps = {}): IdentityPort {
  const http = pingHttpAdapter({
    baseUrl: env.PING_BASE_URL,
    adapterId: env.PING_ADAPTER_ID,
    adapterSecret: env.PING_ADAPTER_SECRET ?? '',
    instanceId: env.PING_INSTANCE_ID,
    ...deps,
  })
  return singleUse(env.DB, http)
}
