import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import { pathOf } from '../../../shared/routes'
import { planDescription } from '../../../shared/policy/plans'
import { loadProfileView } from '../../services/identity/profile'
import { remindersOff } from '../../services/payments/payment-reminders'
import { savedMethodDescriptionIn } from '../../../shared/payments/texts/saved-methods'
import { requestLocale } from '../../lib/request-locale'
import { useTexts } from '../../render/locale'
import { paymentPageTexts } from './texts'

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
  const locale = requestLocale(c)
  const enrolled = new Map(results.map((r) => [r.policy_id, savedMethodDescriptionIn(locale, r)]))
  return profile.policies.map((p) => ({
    policyId: p.policyId,
    label: `${p.policyNickname || planDescription(p.planID)} (${p.policyId})`,
    autopay: enrolled.get(p.policyId) ?? null,
    remindersOn: !off.has(p.policyId),
  }))
}

export function PolicySettingsSections({ policies }: { policies: PolicySettings[] }) {
  const t = useTexts(paymentPageTexts)
  if (policies.length === 0) return null
  return (
    <>
      <h2 id="autopay-heading">{t.autopaySection}</h2>
      <ul aria-labelledby="autopay-heading" className="payment-settings">
        {policies.map((p) => (
          <li key={p.policyId}>{p.autopay ? t.settingOn(p.label, p.autopay) : t.settingOff(p.label)}</li>
        ))}
      </ul>
      <p>
        {t.howToChangeBefore} <a href={pathOf('AccountHome')}>{t.accountHome}</a> {t.howToChangeAfter}
      </p>
      <h2 id="reminders-heading">{t.remindersSection}</h2>
      <p>{t.remindersAbout}</p>
      <ul aria-labelledby="reminders-heading" className="payment-settings">
        {policies.map((p) => (
          <li key={p.policyId}>
            <form method="post" action={pathOf('PaymentMethods')} className="payment-settings__row">
              <input type="hidden" name="intent" value="reminders" />
              <input type="hidden" name="policyId" value={p.policyId} />
              <input type="hidden" name="on" value={p.remindersOn ? 'no' : 'yes'} />
              <span>{t.remindersState(p.label, p.remindersOn)}</span>{' '}
              <button type="submit" className="btn btn--secondary">
                {p.remindersOn ? t.turnOff : t.turnOnReminders}
                <span className="visually-hidden">{t.remindersFor(p.policyId)}</span>
              </button>
            </form>
          </li>
        ))}
      </ul>
    </>
  )
}
