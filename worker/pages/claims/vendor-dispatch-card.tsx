import { localDateTime, stateTimeZone } from '../../../shared/clock'
import { formatDate } from '../../../shared/format'
import type { VendorDispatchRow } from '../../db/claims/vendor-dispatches'
import { telHref } from '../../render/tel-links'

/**
 * The emergency vendor on the claim page (issue 19 item 6, decision 170): who accepted, how to reach
 * them, and when they expect to arrive on the policyholder's clock (the policy state's zone); or that
 * the request is waiting for a vendor. Nothing when the policyholder asked for no vendor. Server-only
 * markup, no script. Read the row with vendorDispatchOf (worker/db/claims/vendor-dispatches.ts).
 */
export interface VendorDispatchCardProps {
  dispatch: VendorDispatchRow | null
  /** The policy's state: whose clock the arrival is shown on. */
  state: string
  /** CLAIMS_PHONE, for a dispatch the network refused. */
  claimsPhone: string
}

/** '03/05/2026 at 2:30 PM CST' at `at` in the state's zone. */
export function arrivalText(at: number, state: string): string {
  const { date, time } = localDateTime(at, state)
  const hour = Number(time.slice(0, 2))
  const zone =
    new Intl.DateTimeFormat('en-US', { timeZone: stateTimeZone(state), timeZoneName: 'short' })
      .formatToParts(new Date(at))
      .find((p) => p.type === 'timeZoneName')?.value ?? ''
  return `${formatDate(date)} at ${hour % 12 || 12}:${time.slice(3)} ${hour < 12 ? 'AM' : 'PM'} ${zone}`.trim()
}

export function VendorDispatchCard({ dispatch, state, claimsPhone }: VendorDispatchCardProps) {
  if (!dispatch) return null
  return (
    <section className="card" aria-labelledby="vendor-dispatch-heading">
      <h2 id="vendor-dispatch-heading">Emergency repairs</h2>
      {dispatch.status === 'accepted' && dispatch.company && dispatch.phone ? (
        <>
          <p>A National Vendor accepted your request and is on the way.</p>
          <dl className="facts">
            <dt>Company</dt>
            <dd>{dispatch.company}</dd>
            <dt>Phone</dt>
            <dd>
              <a className="tel" href={telHref(dispatch.phone)}>
                {dispatch.phone}
              </a>
            </dd>
            {dispatch.expected_arrival !== null ? (
              <>
                <dt>Expected arrival</dt>
                <dd>{arrivalText(dispatch.expected_arrival, state)}</dd>
              </>
            ) : null}
          </dl>
        </>
      ) : dispatch.status === 'refused' ? (
        <p>
          We could not send your request to a National Vendor. Please call us at{' '}
          <a className="tel" href={telHref(claimsPhone)}>
            {claimsPhone}
          </a>{' '}
          and we will arrange the repairs.
        </p>
      ) : (
        <p role="status">You asked for a National Vendor: requested, waiting for a vendor to accept. This page shows who is coming once one does.</p>
      )}
    </section>
  )
}
