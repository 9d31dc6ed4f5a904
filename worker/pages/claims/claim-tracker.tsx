import { formatDateIn } from '../../../shared/i18n/format'
import { STEP_STATE_TEXTS, type ClaimStep } from '../../../shared/claims/follow-up/claim-steps'
import { telHref } from '../../render/tel-links'
import { useLocale, useTexts } from '../../render/locale'
import { claimPageTexts } from './texts/claim-page'

/**
 * The claim tracker (issue 32 item 1, decision 207): the steps as an ordered list, the current one
 * marked aria-current="step", each step's state said in words beside its colour, the date of each step
 * done, and for the current one what usually happens and by when. Plain HTML: no script.
 */
const Day = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDateIn(useLocale(), iso)}</time>

export function ClaimTracker({ steps, claimsPhone }: { steps: readonly ClaimStep[]; claimsPhone: string }) {
  const t = useTexts(claimPageTexts)
  const stateWords = useTexts(STEP_STATE_TEXTS)
  return (
    <section className="claim-tracker" aria-labelledby="claim-tracker-heading">
      <h2 id="claim-tracker-heading">{t.trackerHeading}</h2>
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
                  {stateWords[s.state]}
                  {s.date && (
                    <>
                      {' '}
                      {t.stepOn} <Day iso={s.date} />
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
                      {t.trackerLate}{' '}
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
