import type { Env } from './env'
import type { Route } from '../shared/routes'
import type { Session } from './services/session'
import type { Policy } from '../shared/schemas/policy'

/** Per-request values set by the middleware. */
export interface Vars {
  requestId: string
  sid: string
  secureHeadersNonce?: string
  session: Session | null
  route: Route
  authVia: 'cookie' | 'bearer' | null
  /** The loaded policy, set by the guards on routes that need one. */
  policy: Policy | null
}

export type AppEnv = { Bindings: Env; Variables: Vars }
