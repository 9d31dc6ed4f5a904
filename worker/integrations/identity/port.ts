/**
 * The identity-service port (ARCHITECTURE section 6): a Ping-style reference hand-off. A partner drops
 * the user's attributes off at the identity service and sends the user here with a reference; the
 * portal picks the attributes up over the back channel, once.
 */
interface IdentityAttributes {
  /** The user's policies, normalized (trimmed, uppercased, de-duplicated). */
  policies: string[]
  /** The partner's bearer token for its app-logs endpoint; server-side only, never sent to a browser. */
  partnerLoggingToken: string | null
}

/**
 * - invalid-reference: unknown or expired at the identity service (404), or not a reference at all;
 * - reused-reference: this portal already picked it up (single use, remembered in D1);
 * - rejected-credentials: the identity service refused the adapter credentials (401/403);
 * - unavailable: no answer in time, a network error, another non-2xx status, or a body that is not the
 *   expected JSON.
 */
export type PickupFailure = 'invalid-reference' | 'reused-reference' | 'rejected-credentials' | 'unavailable'

export type PickupResult =
  | { ok: true; attributes: IdentityAttributes }
  /**
   * `detail` is safe to log: never the reference, a token or the response body. `partnerLoggingToken`:
   * the partner's token when the failed answer still carried one (spec 000 section 7: policies-from-ping
   * answers "On error: pgrPartnerLoggingToken and errorMessage"), so the failure can be logged to the partner.
   */
  | { ok: false; failure: PickupFailure; status: number | null; detail: string; partnerLoggingToken?: string | null }

export interface IdentityPort {
  pickup(reference: string): Promise<PickupResult>
}
