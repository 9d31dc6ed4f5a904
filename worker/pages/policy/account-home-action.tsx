import { pathOf } from '../../../shared/routes'
import { formatUsdIn } from '../../../shared/i18n/format'
import { useLocale } from '../../render/locale'
import { ACCOUNT_HOME_TEXTS } from './texts'
import type { NextAction } from '../../../shared/policy/next-action'
import { PhoneLink } from '../../render/tel-links'
import { callAgentText } from '../../../shared/policy/dead-ends'

/** The POST that opens the policy and goes on to one of its pages (`go`), above the card's stretched control. */
function OpenAnd({ policyId, go, label, names }: { policyId: string; go: 'pay' | 'sign'; label: string; names: string }) {
  return (
    <form method="post" action={pathOf('AccountHome')} className="policy-tile__action">
      <input type="hidden" name="policyId" value={policyId} />
      <input type="hidden" name="go" value={go} />
      <button type="submit" className="btn btn--primary">
        {label}
        {/* Names the policy: two cards can offer the same words. */}
        <span className="visually-hidden">{names}</span>
      </button>
    </form>
  )
}

/**
 * The card's one most useful action (issue 21 item 8, the rule in shared/policy/next-action). An open
 * claim's action is its claim line (rendered by the card, emphasised); viewing the policy is the card's
 * own control, so neither adds anything here.
 */
export function TileAction({ policyId, action }: { policyId: string; action: NextAction }) {
  const locale = useLocale()
  const t = ACCOUNT_HOME_TEXTS[locale]
  switch (action.kind) {
    case 'sign':
      return <OpenAnd policyId={policyId} go="sign" label={t.signDocuments} names={t.namesPolicyId(policyId)} />
    case 'pay':
      return <OpenAnd policyId={policyId} go="pay" label={t.pay(formatUsdIn(locale, action.amount))} names={t.namesPolicyId(policyId)} />
    case 'agent':
      return (
        <p className="policy-tile__action">
          {`${callAgentText(action.name, locale)} `}
          <PhoneLink phone={action.phone} />
        </p>
      )
    default:
      return null
  }
}
