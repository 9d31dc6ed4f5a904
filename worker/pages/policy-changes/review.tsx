import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import { pathOf } from '../../../shared/routes'
import { FORM_TOKEN_FIELD } from '../../../shared/forms/form-token'
import { formatPhone } from '../../../shared/format'
import { formatDateIn } from '../../../shared/i18n/format'
import { CHANGES_TEXTS, changeKindName, premiumWords, type ChangeKind } from '../../../shared/policy/changes/kinds'
import { referralIn } from '../../../shared/policy/changes/referral-words'
import { requestLocale } from '../../lib/request-locale'
import { useLocale, useTexts } from '../../render/locale'
import { changeLines } from '../../services/policy-changes/change-words'
import { CHANGE_PAGE_TEXTS } from './texts'
import type { ChangeRequest } from '../../integrations/policy-admin'
import { policyAdmin } from '../../integrations/policy-admin'
import { renderPage } from '../../render/render-page'
import { policyContext } from '../../middleware/guards'
import { changeOfPolicy, type PolicyChangeRow } from '../../db/policy-changes/policy-changes'
import { consumeFormToken, issueFormToken } from '../../services/idempotency/form-tokens'
import { bindChange } from '../../services/policy-changes/policy-changes'
import { needsStepUp } from '../../services/policy-changes/change-kinds'
import { background } from '../../lib/background'
import { notFoundPage } from '../not-found'
import { confirmPath } from '../identity/step-up-target'
import { Screen } from '../policy/parts'
import { definePage } from '../page'

/**
 * Review Your Change (issue 34 item 6, decision 214), shared by every kind: exactly what changes, from
 * when, the premium's change, whether policy services reviews it first (and who then calls), and where
 * documents go. Confirming sends it once: the form token makes a double click one request, and the
 * change itself is taken by one request at a time and bound under its own id. A change that sends
 * documents to a new party asks a session proved more than 10 minutes ago to confirm it is them first.
 */
const FORM = 'policy-change-review'
const CHANGE_ID = /^pc_[0-9a-f-]{36}$/

const historyOf = (changeId: string) => `${pathOf('PolicyChanges')}?sent=${changeId}`

/** Why confirming may ask for a recent sign-in (needsStepUp), in the review's words. */
const STEP_UP_WHY = {
  mortgagee: 'whyMortgagee',
  'mailing-address': 'whyMailing',
  deductible: 'whyDeductible',
  'billing-plan': 'whyBilling',
} as const satisfies Record<ChangeKind, keyof (typeof CHANGE_PAGE_TEXTS)['en']>

function ReviewView({ row, token, error, phone }: { row: PolicyChangeRow; token: string | null; error: string | null; phone: string }) {
  const locale = useLocale()
  const t = useTexts(CHANGE_PAGE_TEXTS)
  const request = JSON.parse(row.request) as ChangeRequest
  return (
    <Screen title={t.reviewTitle} id="review-heading">
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      <h2>{changeKindName(row.kind, locale)}</h2>
      <h3>{t.whatChanges}</h3>
      <ul>
        {changeLines(row, locale).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <dl className="facts">
        <dt>{t.from}</dt>
        <dd>{formatDateIn(locale, row.effective_date)}</dd>
        <dt>{t.premium}</dt>
        <dd>{premiumWords(row.premium_change_cents, locale)}</dd>
        {row.notify_email && (
          <>
            <dt>{t.proofGoesTo}</dt>
            <dd>{row.notify_email}</dd>
          </>
        )}
      </dl>
      {row.referral ? (
        <p className="alert alert--info">{t.referral(referralIn(locale, row.referral), CHANGES_TEXTS[locale].referredCall(phone))}</p>
      ) : (
        <p>{t.onceConfirmed}</p>
      )}
      {needsStepUp(request) && <p>{t.stepUp(t[STEP_UP_WHY[request.kind]])}</p>}
      {request.kind === 'mailing-address' && <p>{t.mailsBoth}</p>}
      {token === null ? (
        <p>
          <a href={pathOf('PolicyChanges')}>{t.startAgain}</a>
        </p>
      ) : (
        <>
          <form method="post" action={`${pathOf('ReviewPolicyChange')}?change=${row.change_id}`} className="form">
            <input type="hidden" name={FORM_TOKEN_FIELD} value={token} />
            <button type="submit" className="btn btn--primary">
              {row.referral ? t.sendForReview : t.confirm}
            </button>
          </form>
          <p>
            <a href={pathOf('PolicyChanges')}>{t.cancel}</a>
          </p>
        </>
      )}
    </Screen>
  )
}

/** The review; after a refusal with its message, and without the button when the change can no longer be sent. */
async function review(c: Context<AppEnv>, row: PolicyChangeRow, error: string | null = null, sendable = true) {
  const token = await issueFormToken(c, FORM)
  return renderPage(
    c,
    <ReviewView row={row} token={sendable ? token : null} error={error} phone={formatPhone(c.env.SUPPORT_PHONE)} />,
    error ? { status: 409 } : {},
  )
}

export const reviewPolicyChangePage = definePage('ReviewPolicyChange')

const changeIdOf = (c: Context<AppEnv>) => {
  const id = c.req.query('change') ?? ''
  return CHANGE_ID.test(id) ? id : null
}

reviewPolicyChangePage.get('/', async (c) => {
  const id = changeIdOf(c)
  const row = id ? await changeOfPolicy(c.env.DB, policyContext(c).policy.policyID, id) : null
  if (!row) return notFoundPage(c)
  return row.status === 'quoted' ? review(c, row) : c.redirect(historyOf(row.change_id), 303)
})

reviewPolicyChangePage.post('/', async (c) => {
  const id = changeIdOf(c)
  if (!id) return notFoundPage(c)
  const { policy, session } = policyContext(c)
  return consumeFormToken(c, FORM, async () => {
    const outcome = await bindChange(c.env, policyAdmin(c.env), {
      policy,
      changeId: id,
      session,
      now: Date.now(),
      background: background(c),
      locale: requestLocale(c),
    })
    switch (outcome.kind) {
      case 'not-found':
        return notFoundPage(c)
      case 'step-up':
        return c.redirect(confirmPath('policy-change', id), 303)
      case 'busy':
      case 'bound':
      case 'referred':
      case 'declined':
        return c.redirect(historyOf(id), 303)
      case 'stale':
      case 'refused':
      case 'unavailable': {
        const row = await changeOfPolicy(c.env.DB, policy.policyID, id)
        const message = 'message' in outcome ? outcome.message : CHANGES_TEXTS[requestLocale(c)].stale
        return row ? review(c, row, message, outcome.kind !== 'stale') : notFoundPage(c)
      }
    }
  })
})
