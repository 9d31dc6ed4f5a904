import type { Policy } from '../../../shared/policy/schemas/policy'
import type { Coverages, Deductible } from '../../../shared/policy/schemas/coverages'
import { pathOf } from '../../../shared/routes'
import { formatWholeUsd } from '../../../shared/format'
import { coverageName, deductibleCents, dwellingLimit } from '../../../shared/policy/coverages'
import { COVERAGE_TEXT, coverageExplanation } from '../../../shared/policy/coverage-texts'
import { HelpPopover } from '../../render/help-popover'
import { SendProofForm, type SendProofState } from './send-proof-form'

/** 'What's covered' on the Policy Summary (issue 24): limits, deductibles, endorsements; no script. */

/** The proof-of-insurance PDF: under the Policy Summary, so its route's guards apply. */
/** The proof's address, under the Dashboard. */
export const PROOF = '/proof-of-insurance'
export const PROOF_PATH = `${pathOf('PolicyOverview')}${PROOF}`

/** '$1,000', or '2% of the dwelling limit ($8,200)'. */
function deductibleText(c: Coverages, d: Deductible): string {
  const dollars = formatWholeUsd(deductibleCents(d, dwellingLimit(c)))
  if ('amount' in d) return dollars
  const of = c.form === 'NFIP' || c.form === 'EXCESS_FLOOD' || c.form.startsWith('COMMERCIAL') ? 'the building limit' : 'the dwelling limit'
  return `${d.percentOfDwelling}% of ${of} (${dollars})`
}

function FloodNotes({ c }: { c: Coverages }) {
  return (
    <div className="coverage-flood">
      {c.replacementCost !== undefined && <p>{c.replacementCost ? COVERAGE_TEXT.replacementCost : COVERAGE_TEXT.actualCashValue}</p>}
      <ul className="coverage-flood__not">
        {COVERAGE_TEXT.floodNotCovered.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p>
        <a href={pathOf('PolicyDocs')}>{COVERAGE_TEXT.documentsLink}</a>
      </p>
    </div>
  )
}

export function CoveragesBlock({ policy, send }: { policy: Policy; send?: SendProofState }) {
  const c = policy.coverages
  if (!c) return null
  const flood = c.form === 'NFIP' || c.form === 'EXCESS_FLOOD'
  return (
    <section className="coverages" aria-labelledby="coverages-heading">
      <div className="coverages__head">
        <h2 id="coverages-heading">{COVERAGE_TEXT.heading}</h2>
        <a className="btn btn--secondary" href={PROOF_PATH} download>
          {COVERAGE_TEXT.proofLink}
        </a>
      </div>
      {send && <SendProofForm policy={policy} state={send} />}
      <table className="coverage-table">
        <caption className="visually-hidden">{COVERAGE_TEXT.limitsCaption}</caption>
        <thead>
          <tr>
            <th scope="col">Coverage</th>
            <th scope="col" className="coverage-table__amount">
              Limit
            </th>
          </tr>
        </thead>
        <tbody>
          {c.limits.map((l) => {
            const name = coverageName(c.form, l.code)
            return (
              <tr key={l.code}>
                <th scope="row">
                  <div className="coverage-table__name">
                    {name}
                    <HelpPopover id={`coverage-${l.code.toLowerCase()}-help`} label={`What ${name} pays for`}>
                      {coverageExplanation(c.form, l.code)}
                    </HelpPopover>
                  </div>
                </th>
                <td className="coverage-table__amount">{formatWholeUsd(l.limit)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
      {c.deductibles.length > 0 && (
        <>
          <h3 id="deductibles-heading">{COVERAGE_TEXT.deductiblesHeading}</h3>
          <p className="coverage-note">
            {COVERAGE_TEXT.deductibleMeaning}
            {c.deductibles.some((d) => 'percentOfDwelling' in d) && ` ${COVERAGE_TEXT.percentageMeaning}`}
          </p>
          <table className="coverage-table" aria-labelledby="deductibles-heading">
            <thead>
              <tr>
                <th scope="col">Applies to</th>
                <th scope="col" className="coverage-table__amount">
                  Deductible
                </th>
              </tr>
            </thead>
            <tbody>
              {c.deductibles.map((d) => (
                <tr key={d.peril}>
                  <th scope="row">{d.peril}</th>
                  <td className="coverage-table__amount">{deductibleText(c, d)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {c.endorsements.length > 0 && (
        <>
          <h3>{COVERAGE_TEXT.endorsementsHeading}</h3>
          <ul className="coverage-endorsements">
            {c.endorsements.map((e) => (
              <li key={e}>{e.replace(/^Endorsement /, '')}</li>
            ))}
          </ul>
        </>
      )}
      {flood && <FloodNotes c={c} />}
    </section>
  )
}
