import type { Env } from './env'
import type { Route } from '../shared/routes'
import type { PolicyColumns } from './db/policy/policies'
import type { DashboardRows } from './db/identity/profile-dashboard'
import type { SavedMethodRow } from './db/payments/saved-methods'
import type { Policy } from '../shared/policy/schemas/policy'
import type { PendingPayment } from '../shared/payments/pending'
import type { AutopayFacts } from '../shared/payments/autopay'
import type { Locale } from '../shared/i18n/locale'

/** Per-request values set by the middleware. */
interface Vars {
  requestId: string
  sid: string
  secureHeadersNonce?: string
  session: Session | null
  /** What the session's own round trip brought for this page (the loaded policy, Account Home's rows). */
  sessionReads: SessionReads
  route: Route
  authVia: 'cookie' | 'bearer' | null
  /** The loaded policy, set by the guards on routes that need one (read it there with policyContext()). */
  policy: Policy | null
  /** The loaded policy's sendToProgressive flag (policies.send_to_progressive), read in the same query. */
  policySendsToProgressive?: boolean
  /** A payment on the loaded policy still being processed (decision 171), read in the same query. */
  pendingPayment?: PendingPayment | null
  /** The loaded policy's automatic payments (issue 22), read in the same query. */
  autopay?: AutopayFacts | null
  /** Set by a handler whose answer may change on a retry (a payment still pending): the idempotency layer does not keep it. */
  answerNotFinal?: boolean
  /** Set by a handler whose answer counts against its route's 'marked' rate rule (MakePayment: a payment not accepted). */
  countsAgainstLimit?: boolean
  /** Set by the idempotency layer for a handler that reads its body itself (ClaimFile): shown every chunk it reads. */
  requestBodyTap?: BodyTap
  /** The answer's language, once read (worker/lib/request-locale.ts). */
  locale?: Locale
}

/** What a page of a policy route works on: both present, the guards saw to it. */
export interface PolicyContext {
  session: Session
  policy: Policy
}

export type AppEnv = { Bindings: Env; Variables: Vars }

/** A live session (services/identity/session.ts reads and writes them). */
export interface Session {
  id: string
  /** 'claim': reporting a claim without signing in, one policy, Report a Claim only (decision 220). */
  kind: 'direct' | 'sso' | 'claim'
  profileId: string | null
  /** SSO sessions: the policies the identity service returned; a claim session: its one policy. */
  ssoScope: string[]
  systemOrigin: string
  currentPolicyId: string | null
  expiresAt: number
  /** When the person last proved it is them in this session (sign-in, code, passkey): step-up reads it. */
  verifiedAt: number
  lastSeenAt: number
}

/** What the session's own round trip brought besides the session (decision 141, 142), for this request. */
export interface SessionReads {
  /** The loaded policy's columns (withPolicy): null when the session has none or it is gone. */
  policy?: (PolicyColumns & { linked: boolean }) | null
  /** Account Home's profile flag and linked policies (withDashboard). */
  dashboard?: DashboardRows | null
  /** The profile's saved payment methods (withPolicy and withSavedMethods: Make a Payment). */
  savedMethods?: SavedMethodRow[]
}

/** What a handler that reads the body itself shows of it: every chunk in order, then the end. */
export interface BodyTap {
  /** Must be awaited before the chunk's buffer is used again. */
  write(chunk: Uint8Array): Promise<void>
  end(): void
}
