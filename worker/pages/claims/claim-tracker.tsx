import { formatDate } from '../../../shared/format'
import { STEP_STATE_WORDS, type ClaimStep } from '../../../shared/claims/follow-up/claim-steps'
import { telHref } from '../../render/tel-links'

/**
 * The claim tracker (issue 32 item 1, decision 207): the steps as an ordered list, the current one
 * marked aria-current="step", each step's state said in words beside its colour, the date of each step
 * done, and for the current one what usually happens and by when. Plain HTML: no script.
 */
export const TRACKER_HEADING = "Your claim's progress"
const TRACKER_LATE = 'This is taking longer than usual. If you have not heard from us, call us at'

const Day = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDate(iso)}</time>

export function ClaimTracker({ steps, claimsPhone }: { steps: readonly ClaimStep[]; claimsPhone: string }) {
  return (
    <section className="claim-tracker" aria-labelledby="claim-tracker-heading">
      <h2 id="claim-tracker-heading">{TRACKER_HEADING}</h2>
      <ol className="claim-tracker__steps">
        {steps.map((s, i) => (
          <li key={s.name} className={`claim-tracker__step claim-tracker__step--${s.state}`} aria-current={s.state === 'current' ? 'step' : undefined}>
            <span className="claim-tracker__marker" aria-hidden="true">
              {s.state === 'done' ? '✓' : i + 1}
            </span>
            <div className="claim-tracker__body">
              <p className="claim-tracker__title">
                <strong>{s.label}</strong>{' '}
                <span className="claim-tracker__state">
                  {STEP_STATE_WORDS[s.state]}
                  {s.date && (
                    <>
                      {' '}
                      on <Day iso={s.date} />
                    </>
                  )}
                </span>
              </p>
              {s.next && (
                <>
                  <p>{s.next.usually}</p>
                  {s.next.by && (
                    <p>
                      {s.next.byLabel} <Day iso={s.next.by} />
                    </p>
                  )}
                  {s.next.late && (
                    <p>
                      {TRACKER_LATE}{' '}
                      <a className="tel" href={telHref(claimsPhone)}>
                        {claimsPhone}
                      </a>
                      .
                    </p>
                  )}
                </>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  )
}
