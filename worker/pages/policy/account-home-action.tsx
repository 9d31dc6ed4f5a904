import { pathOf } from '../../../shared/routes'
import { formatUsd } from '../../../shared/format'
import type { NextAction } from '../../../shared/policy/next-action'
import { PhoneLink } from '../../render/tel-links'
import { callAgentText } from '../../../shared/policy/dead-ends'

/** The POST that opens the policy and goes on to one of its pages (`go`), above the card's stretched control. */
function OpenAnd({ policyId, go, label }: { policyId: string; go: 'pay' | 'sign'; label: string }) {
  return (
    <form method="post" action={pathOf('AccountHome')} className="policy-tile__action">
      <input type="hidden" name="policyId" value={policyId} />
      <input type="hidden" name="go" value={go} />
      <button type="submit" className="btn btn--primary">
        {label}
        {/* Names the policy: two cards can offer the same words. */}
        <span className="visually-hidden">{`, policy ${policyId}`}</span>
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
  switch (action.kind) {
    case 'sign':
      return <OpenAnd policyId={policyId} go="sign" label="Sign your documents" />
    case 'pay':
      return <OpenAnd policyId={policyId} go="pay" label={`Pay ${formatUsd(action.amount)}`} />
    case 'agent':
      return (
        <p className="policy-tile__action">
          {`${callAgentText(action.name)} `}
          <PhoneLink phone={action.phone} />
        </p>
      )
    default:
      return null
  }
}
