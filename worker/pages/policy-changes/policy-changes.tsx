import { localDate } from '../../../shared/clock'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { pathOf } from '../../../shared/routes'
import { formatPhone } from '../../../shared/format'
import { formatDateIn } from '../../../shared/i18n/format'
import { BILLING_TEXTS } from '../../../shared/policy/changes/billing-plan'
import { CHANGES_TEXTS, changeKindName, changeStatusWords, changesClosedReason, premiumWords } from '../../../shared/policy/changes/kinds'
import { MORTGAGEE_TEXTS } from '../../../shared/policy/changes/mortgagee'
import { MAILING_ADDRESS_TEXTS } from '../../../shared/policy/changes/mailing-address'
import { DEDUCTIBLE_TEXTS, hasAllOtherPerils } from '../../../shared/policy/changes/deductible'
import { useLocale, useTexts } from '../../render/locale'
import { changeLines } from '../../services/policy-changes/change-words'
import { CHANGE_PAGE_TEXTS } from './texts'
import { renderPage } from '../../render/render-page'
import { telHref } from '../../render/tel-links'
import { policyContext } from '../../middleware/guards'
import { changesOfPolicy, type PolicyChangeRow } from '../../db/policy-changes/policy-changes'
import { followReferred } from '../../services/policy-changes/policy-changes'
import { policyAdmin } from '../../integrations/policy-admin'
import { background } from '../../lib/background'
import { Screen } from '../policy/parts'
import { definePage } from '../page'
import { Confirmation } from '../../render/confirmation'

/**
 * Change My Policy (issue 34 item 6, decision 214): what can be changed here, what cannot and whom to
 * call, and the policy's history of changes, a referred one shown pending with who will call. A change
 * the carrier decided since it was referred is read from it first, so the page says where it stands.
 */
function sentWords(status: PolicyChangeRow['status'], p: (typeof CHANGE_PAGE_TEXTS)['en'], t: (typeof CHANGES_TEXTS)['en']): string {
  switch (status) {
    case 'quoted':
      return ''
    case 'binding':
      return t.busy
    case 'bound':
      return p.sentBound
    case 'referred':
      return p.sentReferred
    case 'declined':
      return p.sentDeclined
  }
}

function ChangeEntry({ row, phone, state }: { row: PolicyChangeRow; phone: string; state: string }) {
  const locale = useLocale()
  const t = useTexts(CHANGES_TEXTS)
  const p = useTexts(CHANGE_PAGE_TEXTS)
  return (
    <li className="entry" id={row.change_id}>
      <p className="entry__name">{changeKindName(row.kind, locale)}</p>
      <ul>
        {changeLines(row, locale).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <dl className="facts facts--compact">
        <dt>{p.from}</dt>
        <dd>{formatDateIn(locale, row.effective_date)}</dd>
        <dt>{p.premium}</dt>
        <dd>{premiumWords(row.premium_change_cents, locale)}</dd>
        <dt>{p.askedOn}</dt>
        <dd>{formatDateIn(locale, localDate(row.created_at, state))}</dd>
        <dt>{p.status}</dt>
        <dd>{row.status === 'declined' ? p.declined : changeStatusWords(row.status, locale)}</dd>
      </dl>
      {row.status === 'referred' && <p>{t.referredCall(phone)}</p>}
    </li>
  )
}

function PolicyChangesView({ policy, rows, sent, phone }: { policy: Policy; rows: PolicyChangeRow[]; sent: PolicyChangeRow | null; phone: string }) {
  const locale = useLocale()
  const T = useTexts(CHANGES_TEXTS)
  const p = useTexts(CHANGE_PAGE_TEXTS)
  const closed = changesClosedReason(policy, locale)
  const sentText = sent ? sentWords(sent.status, p, T) : ''
  return (
    <Screen title={T.heading} id="changes-heading">
      {sent && sentText && <Confirmation tone={sent.status === 'declined' ? 'alert alert--error' : 'alert alert--success'}>{sentText}</Confirmation>}
      {closed ? (
        <p>
          {closed} {T.callUs(phone)}
        </p>
      ) : (
        <>
          <p>{T.intro}</p>
          <ul className="link-list">
            <li>
              <a href={pathOf('ChangeMortgagee')}>{MORTGAGEE_TEXTS[locale].heading}</a>
            </li>
            <li>
              <a href={pathOf('ChangeMailingAddress')}>{MAILING_ADDRESS_TEXTS[locale].link}</a>
            </li>
            {hasAllOtherPerils(policy.coverages?.deductibles ?? []) && (
              <li>
                <a href={pathOf('ChangeDeductible')}>{DEDUCTIBLE_TEXTS[locale].heading}</a>
              </li>
            )}
            <li>
              <a href={pathOf('ChangeBillingPlan')}>{BILLING_TEXTS[locale].heading}</a>
            </li>
          </ul>
        </>
      )}
      <h2>{T.cannotOnline}</h2>
      <ul>
        {[T.cannotOnline1, T.cannotOnline2, T.cannotOnline3].map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
      <p>
        {T.callUsLead}
        <a href={telHref(phone)}>{phone}</a>
        {T.callUsTail}
      </p>
      <h2 id="history-heading">{T.history}</h2>
      {rows.length === 0 ? (
        <p className="empty-text">{T.noHistory}</p>
      ) : (
        <ul className="entry-list" aria-labelledby="history-heading">
          {rows.map((r) => (
            <ChangeEntry key={r.change_id} row={r} phone={phone} state={policy.state} />
          ))}
        </ul>
      )}
    </Screen>
  )
}

export const policyChangesPage = definePage('PolicyChanges')

policyChangesPage.get('/', async (c) => {
  const { policy } = policyContext(c)
  let rows = await changesOfPolicy(c.env.DB, policy.policyID)
  if (rows.some((r) => r.status === 'referred') && (await followReferred(c.env, policyAdmin(c.env), policy, rows, Date.now(), background(c)))) {
    rows = await changesOfPolicy(c.env.DB, policy.policyID)
  }
  const sentId = c.req.query('sent')
  const sent = rows.find((r) => r.change_id === sentId) ?? null
  return renderPage(c, <PolicyChangesView policy={policy} rows={rows} sent={sent} phone={formatPhone(c.env.SUPPORT_PHONE)} />)
})
