import { formatDate } from '../../../shared/format'
import { daysBetween } from '../../../shared/clock'
import { WAITING_FOR, type ClaimDeadline, type ClaimDeadlines } from '../../../shared/claims/deadlines/claim-deadlines'
import type { ConsumerLine } from '../../../shared/claims/deadlines/deadline-rules'
import { telHref } from '../../render/tel-links'

/**
 * The claim page's deadlines, both sides (issue 33 item 3, decision 212): one list per side, each line
 * what is due, its date on the policy's clock, and in words whether it happened in time (never colour
 * alone), with the section of law it comes from. A date the claims team missed carries the state
 * insurance department's consumer line. Plain lists, so a line wraps at 375 px.
 */
const Day = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDate(iso)}</time>

function Outcome({ d, today }: { d: ClaimDeadline; today: string }) {
  switch (d.state) {
    case 'waiting':
      return <>No date yet: it starts when {WAITING_FOR[d.rule.from]}.</>
    case 'met':
      return (
        <>
          <strong>Done in time</strong>, on <Day iso={d.doneOn!} />.
        </>
      )
    case 'late':
      return (
        <>
          <strong>Done late</strong>
          {d.doneOn ? (
            <>
              , on <Day iso={d.doneOn} />
            </>
          ) : null}
          .
        </>
      )
    case 'missed':
      return <strong>Missed: not done by the date.</strong>
    case 'passed':
      return <strong>The date has passed.</strong>
    case 'extended':
      return (
        <>
          <strong>More time taken</strong>: the claims team wrote on <Day iso={d.doneOn!} /> that it needs more time, as the law allows; it must then write to
          you every 30 days until it decides.
        </>
      )
    case 'open': {
      const left = daysBetween(today, d.due!)
      return <>Not done yet ({left === 0 ? 'due today' : left === 1 ? '1 day left' : `${left} days left`}).</>
    }
  }
}

function Department({ line }: { line: ConsumerLine }) {
  return (
    <p className="claim-deadlines__help">
      You can ask your adjuster why, and you can contact the {line.name}
      {line.phone && (
        <>
          {' '}
          at{' '}
          <a className="tel" href={telHref(line.phone)}>
            {line.phone}
          </a>
        </>
      )}{' '}
      or at <a href={line.site}>{line.site.replace(/^https:\/\/(www\.)?/, '').replace(/\/$/, '')}</a>.
    </p>
  )
}

function DeadlineLine({ d, today, department }: { d: ClaimDeadline; today: string; department: ConsumerLine }) {
  return (
    <li className="claim-deadlines__line">
      <strong>{d.rule.what}</strong> <br />
      {d.due && (
        <>
          Due by <Day iso={d.due} />
          {d.movedFrom && (
            <>
              {' '}
              (moved from <Day iso={d.movedFrom} /> by a letter asking for more time)
            </>
          )}
          {': '}
        </>
      )}
      <Outcome d={d} today={today} /> <br />
      <small>
        {d.rule.days} {d.rule.unit === 'business' ? 'business days (not weekends or federal holidays)' : 'calendar days'}; {d.rule.source}
      </small>
      {d.state === 'missed' && <Department line={department} />}
    </li>
  )
}

export function ClaimDeadlinesSection({ deadlines: { deadlines, department, today } }: { deadlines: ClaimDeadlines }) {
  const sides = [
    { party: 'insurer', heading: 'What the claims team must do by law' },
    { party: 'policyholder', heading: 'What you must do' },
  ] as const
  return (
    <section className="claim-deadlines" aria-labelledby="claim-deadlines-heading">
      <h2 id="claim-deadlines-heading">Deadlines</h2>
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
