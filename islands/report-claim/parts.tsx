import type { RefObject } from 'react'
import { CLAIM_TEXT } from '../../shared/claims/messages'
import { reportTimestamp } from '../../shared/claims/dates'
import type { ReportClaimProps } from '../../shared/schemas/claim-props'
import { PhoneLink } from './dialogs'

/** Policy id and report date/time (spec 001 section 2: both forms show them). */
export function ReportFacts({ props }: { props: ReportClaimProps }) {
  return (
    <dl className="claim-facts">
      <div>
        <dt>Policy Number</dt>
        <dd>{props.policyId}</dd>
      </div>
      <div>
        <dt>Date Reported</dt>
        <dd>{reportTimestamp(props.reportedAt, props.state)}</dd>
      </div>
    </dl>
  )
}

/** Server messages (matrix Messages, seed ErrorMessages and the empty-result texts) listed at the top. */
export function ServerMessages({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null
  return (
    <div className="alert alert--error claim-server-messages" role="alert">
      <p>{CLAIM_TEXT.serverMessagesHeading}</p>
      <ul>
        {messages.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </div>
  )
}

export function FormActions({ props, failureRef, submitFailed, submitting, disabledHint }: {
  props: ReportClaimProps
  failureRef: RefObject<HTMLDivElement | null>
  submitFailed: boolean
  submitting: boolean
  /** When set, Report Claim is marked disabled and this says why. */
  disabledHint?: string | null
}) {
  return (
    <>
      {submitFailed && (
        <div className="alert alert--error" role="alert" tabIndex={-1} ref={failureRef}>
          {CLAIM_TEXT.submitFailed} <PhoneLink phone={props.claimsPhone} />.
        </div>
      )}
      {disabledHint && (
        <p className="field__hint" id="claim-report-hint">
          {disabledHint}
        </p>
      )}
      <div className="actions">
        <a className="btn btn--secondary" href={props.cancelUrl}>
          Cancel
        </a>
        <button
          type="submit"
          className="btn btn--primary"
          aria-disabled={disabledHint || submitting ? true : undefined}
          aria-describedby={disabledHint ? 'claim-report-hint' : undefined}
        >
          Report Claim
        </button>
      </div>
      <div className="visually-hidden" role="status" aria-live="polite">
        {submitting ? CLAIM_TEXT.submitting : ''}
      </div>
    </>
  )
}
