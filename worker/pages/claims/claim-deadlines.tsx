import { formatDateIn } from '../../../shared/i18n/format'
import { daysBetween } from '../../../shared/clock'
import type { ClaimDeadline, ClaimDeadlines } from '../../../shared/claims/deadlines/claim-deadlines'
import type { ConsumerLine, DeadlineAnchor } from '../../../shared/claims/deadlines/deadline-rules'
import { telHref } from '../../render/tel-links'
import { useLocale, useTexts } from '../../render/locale'
import { claimDeadlinesTexts, WHAT_ES } from './texts/claim-deadlines'

/**
 * The claim page's deadlines, both sides (issue 33 item 3, decision 212): one list per side, each line
 * what is due, its date on the policy's clock, and in words whether it happened in time (never colour
 * alone), with the section of law it comes from. A date the claims team missed carries the state
 * insurance department's consumer line. Plain lists, so a line wraps at 375 px.
 */
const Day = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDateIn(useLocale(), iso)}</time>

type DeadlineTexts = (typeof claimDeadlinesTexts)['en']

const WAITING_TEXT: Record<DeadlineAnchor, keyof DeadlineTexts> = {
  reported: 'waitingReported',
  'all-items': 'waitingAllItems',
  accepted: 'waitingAccepted',
  loss: 'waitingLoss',
  'denial-letter': 'waitingDenialLetter',
  'more-time-letter': 'waitingMoreTimeLetter',
}

/** A rule's or a department's English words in the page's language (citations and names stay as written). */
function useRuleWords(): (english: string) => string {
  const locale = useLocale()
  return (english) => (locale === 'es' ? (WHAT_ES[english] ?? english) : english)
}

function Outcome({ d, today }: { d: ClaimDeadline; today: string }) {
  const t = useTexts(claimDeadlinesTexts)
  switch (d.state) {
    case 'waiting':
      return <>{t.waiting(t[WAITING_TEXT[d.rule.from]] as string)}</>
    case 'met':
      return (
        <>
          <strong>{t.doneInTime}</strong>, {t.on} <Day iso={d.doneOn!} />.
        </>
      )
    case 'late':
      return (
        <>
          <strong>{t.doneLate}</strong>
          {d.doneOn ? (
            <>
              , {t.on} <Day iso={d.doneOn} />
            </>
          ) : null}
          .
        </>
      )
    case 'missed':
      return <strong>{t.missed}</strong>
    case 'passed':
      return <strong>{t.passed}</strong>
    case 'extended':
      return (
        <>
          <strong>{t.moreTimeTaken}</strong>
          {t.moreTimeWrote} <Day iso={d.doneOn!} /> {t.moreTimeRest}
        </>
      )
    case 'open': {
      const left = daysBetween(today, d.due!)
      return <>{t.notDoneYet(left === 0 ? t.dueToday : left === 1 ? t.oneDayLeft : t.daysLeft(left))}</>
    }
  }
}

function Department({ line }: { line: ConsumerLine }) {
  const t = useTexts(claimDeadlinesTexts)
  const words = useRuleWords()
  return (
    <p className="claim-deadlines__help">
      {t.askWhy} {words(line.name)}
      {line.phone && (
        <>
          {' '}
          {t.at}{' '}
          <a className="tel" href={telHref(line.phone)}>
            {line.phone}
          </a>
        </>
      )}{' '}
      {t.orAt} <a href={line.site}>{line.site.replace(/^https:\/\/(www\.)?/, '').replace(/\/$/, '')}</a>.
    </p>
  )
}

function DeadlineLine({ d, today, department }: { d: ClaimDeadline; today: string; department: ConsumerLine }) {
  const t = useTexts(claimDeadlinesTexts)
  const words = useRuleWords()
  return (
    <li className="claim-deadlines__line">
      <strong>{words(d.rule.what)}</strong> <br />
      {d.due && (
        <>
          {t.dueBy} <Day iso={d.due} />
          {d.movedFrom && (
            <>
              {' '}
              ({t.movedFrom} <Day iso={d.movedFrom} /> {t.movedBy})
            </>
          )}
          {': '}
        </>
      )}
      <Outcome d={d} today={today} /> <br />
      <small>
        {d.rule.days} {d.rule.unit === 'business' ? t.businessDays : t.calendarDays}; {d.rule.source}
      </small>
      {d.state === 'missed' && <Department line={department} />}
    </li>
  )
}

export function ClaimDeadlinesSection({ deadlines: { deadlines, department, today } }: { deadlines: ClaimDeadlines }) {
  const t = useTexts(claimDeadlinesTexts)
  const sides = [
    { party: 'insurer', heading: t.insurerHeading },
    { party: 'policyholder', heading: t.policyholderHeading },
  ] as const
  return (
    <section className="claim-deadlines" aria-labelledby="claim-deadlines-heading">
      <h2 id="claim-deadlines-heading">{t.heading}</h2>
      {sides.map(({ party, heading }) => {
        const lines = deadlines.filter((d) => d.rule.party === party)
        return lines.length === 0 ? null : (
          <div key={party}>
            <h3>{heading}</h3>
            <ul className="claim-deadlines__list">
              {lines.map((d) => (
                <DeadlineLine key={d.rule.kind} d={d} today={today} department={department} />
              ))}
            </ul>
          </div>
        )
      })}
    </section>
  )
}
