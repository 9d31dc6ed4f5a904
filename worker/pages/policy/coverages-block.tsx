import type { Policy } from '../../../shared/policy/schemas/policy'
import type { Coverages, Deductible } from '../../../shared/policy/schemas/coverages'
import { pathOf } from '../../../shared/routes'
import { formatWholeUsd } from '../../../shared/format'
import type { Locale } from '../../../shared/i18n/locale'
import { policyWordIn } from '../../../shared/policy/policy-words'
import { useLocale, useTexts } from '../../render/locale'
import { coverageName, deductibleCents, dwellingLimit } from '../../../shared/policy/coverages'
import { COVERAGE_TEXTS, coverageExplanation } from '../../../shared/policy/coverage-texts'
import { HelpPopover } from '../../render/help-popover'
import { SendProofForm, type SendProofState } from './send-proof-form'

/** 'What's covered' on the Policy Summary (issue 24): limits, deductibles, endorsements; no script. */

/** The proof-of-insurance PDF: under the Policy Summary, so its route's guards apply. */
/** The proof's address, under the Dashboard. */
export const PROOF = '/proof-of-insurance'
export const PROOF_PATH = `${pathOf('PolicyOverview')}${PROOF}`

/** '$1,000', or '2% of the dwelling limit ($8,200)'. */
function deductibleText(locale: Locale, c: Coverages, d: Deductible): string {
  const dollars = formatWholeUsd(deductibleCents(d, dwellingLimit(c)))
  if ('amount' in d) return dollars
  const t = COVERAGE_TEXTS[locale]
  const ofBuilding = c.form === 'NFIP' || c.form === 'EXCESS_FLOOD' || c.form.startsWith('COMMERCIAL')
  return (ofBuilding ? t.percentOfBuilding : t.percentOfDwelling)(String(d.percentOfDwelling), dollars)
}

function FloodNotes({ c }: { c: Coverages }) {
  const t = useTexts(COVERAGE_TEXTS)
  return (
    <div className="coverage-flood">
      {c.replacementCost !== undefined && <p>{c.replacementCost ? t.replacementCost : t.actualCashValue}</p>}
      <ul className="coverage-flood__not">
        {[t.floodNotCovered1, t.floodNotCovered2].map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p>
        <a href={pathOf('PolicyDocs')}>{t.documentsLink}</a>
      </p>
    </div>
  )
}

export function CoveragesBlock({ policy, send }: { policy: Policy; send?: SendProofState }) {
  const locale = useLocale()
  const t = COVERAGE_TEXTS[locale]
  const c = policy.coverages
  if (!c) return null
  const flood = c.form === 'NFIP' || c.form === 'EXCESS_FLOOD'
  return (
    <section className="coverages" aria-labelledby="coverages-heading">
      <div className="coverages__head">
        <h2 id="coverages-heading">{t.heading}</h2>
        <a className="btn btn--secondary" href={PROOF_PATH} download>
          {t.proofLink}
        </a>
      </div>
      {send && <SendProofForm policy={policy} state={send} />}
      <table className="coverage-table">
        <caption className="visually-hidden">{t.limitsCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.coverageColumn}</th>
            <th scope="col" className="coverage-table__amount">
              {t.limitColumn}
            </th>
          </tr>
        </thead>
        <tbody>
          {c.limits.map((l) => {
            const name = coverageName(c.form, l.code, locale)
            return (
              <tr key={l.code}>
                <th scope="row">
                  <div className="coverage-table__name">
                    {name}
                    <HelpPopover id={`coverage-${l.code.toLowerCase()}-help`} label={t.whatPays(name)}>
                      {coverageExplanation(c.form, l.code, locale)}
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
          <h3 id="deductibles-heading">{t.deductiblesHeading}</h3>
          <p className="coverage-note">
            {t.deductibleMeaning}
            {c.deductibles.some((d) => 'percentOfDwelling' in d) && ` ${t.percentageMeaning}`}
          </p>
          <table className="coverage-table" aria-labelledby="deductibles-heading">
            <thead>
              <tr>
                <th scope="col">{t.appliesToColumn}</th>
                <th scope="col" className="coverage-table__amount">
                  {t.deductibleColumn}
                </th>
              </tr>
            </thead>
            <tbody>
              {c.deductibles.map((d) => (
                <tr key={d.peril}>
                  <th scope="row">{policyWordIn(locale, d.peril)}</th>
                  <td className="coverage-table__amount">{deductibleText(locale, c, d)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {c.endorsements.length > 0 && (
        <>
          <h3>{t.endorsementsHeading}</h3>
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
