import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import { pathOf } from '../../../shared/routes'
import { planDescription } from '../../../shared/policy/plans'
import { loadProfileView } from '../../services/identity/profile'
import { remindersOff } from '../../services/payments/payment-reminders'

/**
 * The Payment Methods page's two other sections (issue 22 items 2 and 3), per linked policy: its
 * automatic payments (on with which method, and how to stop or change them) and its payment reminders
 * (on or off, one plain form each).
 */
export interface PolicySettings {
  policyId: string
  label: string
  autopay: string | null
  remindersOn: boolean
}

export async function policySettings(c: Context<AppEnv>, profileId: string): Promise<PolicySettings[]> {
  const profile = await loadProfileView(c.env, profileId)
  if (!profile) return []
  const off = await remindersOff(c.env, profileId)
  const { results } = await c.env.DB.prepare(
    `SELECT ae.policy_id, m.kind, m.brand, m.last4 FROM autopay_enrolments ae
     JOIN saved_payment_methods m ON m.method_id = ae.method_id
     WHERE ae.profile_id = ? AND ae.status = 'active'`,
  )
    .bind(profileId)
    .all<{ policy_id: string; kind: 'card' | 'bank'; brand: string; last4: string }>()
  const enrolled = new Map(results.map((r) => [r.policy_id, r.kind === 'card' ? `${r.brand} ending in ${r.last4}` : `${r.brand} account ending in ${r.last4}`]))
  return profile.policies.map((p) => ({
    policyId: p.policyId,
    label: `${p.policyNickname || planDescription(p.planID)} (${p.policyId})`,
    autopay: enrolled.get(p.policyId) ?? null,
    remindersOn: !off.has(p.policyId),
  }))
}

export function PolicySettingsSections({ policies }: { policies: PolicySettings[] }) {
  if (policies.length === 0) return null
  return (
    <>
      <h2 id="autopay-heading">Automatic payments</h2>
      <ul aria-labelledby="autopay-heading" className="payment-settings">
        {policies.map((p) => (
          <li key={p.policyId}>{p.autopay ? `${p.label}: on, from your ${p.autopay}.` : `${p.label}: off.`}</li>
        ))}
      </ul>
      <p>
        To turn automatic payments on, change them or stop them, open the policy from <a href={pathOf('AccountHome')}>Account Home</a> and choose Automatic
        payments (up to 3 business days before a draft).
      </p>
      <h2 id="reminders-heading">Payment reminders</h2>
      <p>An email 7 days and 1 day before a payment is due (when automatic payments do not pay it), and one if it becomes past due.</p>
      <ul aria-labelledby="reminders-heading" className="payment-settings">
        {policies.map((p) => (
          <li key={p.policyId}>
            <form method="post" action={pathOf('PaymentMethods')} className="payment-settings__row">
              <input type="hidden" name="intent" value="reminders" />
              <input type="hidden" name="policyId" value={p.policyId} />
              <input type="hidden" name="on" value={p.remindersOn ? 'no' : 'yes'} />
              <span>{`${p.label}: reminders ${p.remindersOn ? 'on' : 'off'}.`}</span>{' '}
              <button type="submit" className="btn btn--secondary">
                {p.remindersOn ? 'Turn off' : 'Turn on'}
                <span className="visually-hidden">{` reminders for policy ${p.policyId}`}</span>
              </button>
            </form>
          </li>
        ))}
      </ul>
    </>
  )
}
