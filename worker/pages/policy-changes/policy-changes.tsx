import { localDateText } from '../../../shared/clock'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { pathOf } from '../../../shared/routes'
import { formatDate, formatPhone } from '../../../shared/format'
import { BILLING_TEXT } from '../../../shared/policy/changes/billing-plan'
import { CHANGE_KIND_NAMES, CHANGE_STATUS_WORDS, CHANGES_TEXT as T, changesClosedReason, premiumWords } from '../../../shared/policy/changes/kinds'
import { MORTGAGEE_TEXT } from '../../../shared/policy/changes/mortgagee'
import { MAILING_ADDRESS_TEXT } from '../../../shared/policy/changes/mailing-address'
import { DEDUCTIBLE_TEXT, hasAllOtherPerils } from '../../../shared/policy/changes/deductible'
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
const SENT_WORDS: Record<PolicyChangeRow['status'], string> = {
  quoted: '',
  binding: T.busy,
  bound: 'Your change was made. The Policy Change packet is in Documents, and we emailed you a confirmation.',
  referred: 'Your change was sent. Policy services reviews it before it takes effect; we emailed you what happens next.',
  declined: 'Policy services could not make this change. Please call us.',
}

function ChangeEntry({ row, phone, state }: { row: PolicyChangeRow; phone: string; state: string }) {
  return (
    <li className="entry" id={row.change_id}>
      <p className="entry__name">{CHANGE_KIND_NAMES[row.kind]}</p>
      <ul>
        {(JSON.parse(row.summary) as string[]).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <dl className="facts facts--compact">
        <dt>From</dt>
        <dd>{formatDate(row.effective_date)}</dd>
        <dt>Premium</dt>
        <dd>{premiumWords(row.premium_change_cents)}</dd>
        <dt>Asked on</dt>
        <dd>{localDateText(row.created_at, state)}</dd>
        <dt>Status</dt>
        <dd>{row.status === 'declined' ? 'Not made: policy services declined it' : CHANGE_STATUS_WORDS[row.status]}</dd>
      </dl>
      {row.status === 'referred' && <p>{T.referredCall(phone)}</p>}
    </li>
  )
}

function PolicyChangesView({ policy, rows, sent, phone }: { policy: Policy; rows: PolicyChangeRow[]; sent: PolicyChangeRow | null; phone: string }) {
  const closed = changesClosedReason(policy)
  return (
    <Screen title={T.heading} id="changes-heading">
      {sent && SENT_WORDS[sent.status] && (
        <Confirmation tone={sent.status === 'declined' ? 'alert alert--error' : 'alert alert--success'}>{SENT_WORDS[sent.status]}</Confirmation>
      )}
      {closed ? (
        <p>
          {closed} {T.callUs(phone)}
        </p>
      ) : (
        <>
          <p>{T.intro}</p>
          <ul className="link-list">
            <li>
              <a href={pathOf('ChangeMortgagee')}>{MORTGAGEE_TEXT.heading}</a>
            </li>
            <li>
              <a href={pathOf('ChangeMailingAddress')}>{MAILING_ADDRESS_TEXT.link}</a>
            </li>
            {hasAllOtherPerils(policy.coverages?.deductibles ?? []) && (
              <li>
                <a href={pathOf('ChangeDeductible')}>{DEDUCTIBLE_TEXT.heading}</a>
              </li>
            )}
            <li>
              <a href={pathOf('ChangeBillingPlan')}>{BILLING_TEXT.heading}</a>
            </li>
          </ul>
        </>
      )}
      <h2>{T.cannotOnline}</h2>
      <ul>
        {T.cannotOnlineList.map((l) => (
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
