import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import { pathOf } from '../../../shared/routes'
import { methodFormSchema } from '../../../shared/payments/schemas/saved-method'
import { SAVED_METHOD_ID, SAVED_METHOD_NICKNAME_MAX, type SavedMethodView } from '../../../shared/payments/saved-methods'
import { savedMethodDescriptionIn } from '../../../shared/payments/texts/saved-methods'
import { messageIn } from '../../../shared/i18n/messages'
import type { Locale } from '../../../shared/i18n/locale'
import { requestLocale } from '../../lib/request-locale'
import { useLocale } from '../../render/locale'
import { paymentPageTexts } from './texts'
import type { FieldErrors } from '../../../shared/forms/field-errors'
import { renderPage } from '../../render/render-page'
import { Field } from '../../render/form'
import { submittedForm } from '../../render/form-page'
import { pageRateLimit } from '../../middleware/page-refusals'
import { RATE_RULES } from '../../middleware/rate-rules'
import { paymentProcessor } from '../../integrations/payments'
import { makeDefault, removeMethod, renameMethod, savedMethodsOf } from '../../services/payments/saved-methods'
import { autopayUsing } from '../../services/payments/autopay-guard'
import { FormAlert, StatusMessage } from '../identity/parts'
import { PolicySettingsSections, policySettings, type PolicySettings } from './payment-settings'
import { readForm } from '../../services/request/read-form'
import { setReminders } from '../../services/payments/payment-reminders'
import { portalNow } from '../../lib/clock'
import { normalizePolicyNumber } from '../../../shared/policy/policy-number'
import { definePage } from '../page'
import { stepUpRequired } from '../../services/identity/step-up-rule'
import { profileSession } from '../../middleware/guards'
import { confirmPath } from '../identity/step-up-target'

const PATH = pathOf('PaymentMethods')

type Mode = { kind: 'list' } | { kind: 'rename'; id: string; value: string; errors: FieldErrors } | { kind: 'remove'; id: string }

interface ViewProps {
  methods: SavedMethodView[]
  mode: Mode
  done: string | null
  problem: string | null
  settings: PolicySettings[]
}

function expiry(m: SavedMethodView, locale: Locale): string | null {
  return m.kind === 'card' && m.expMonth && m.expYear ? paymentPageTexts[locale].expires(String(m.expMonth).padStart(2, '0'), String(m.expYear)) : null
}

/** One small form per action, so each works without script and names its method. */
function ActionForm({
  id,
  action,
  label,
  className,
  described,
}: {
  id: string
  action: string
  label: React.ReactNode
  className: string
  described?: string
}) {
  return (
    <form method="post" action={PATH} className="payment-method__action">
      <input type="hidden" name="methodId" value={id} />
      <input type="hidden" name="action" value={action} />
      <button type="submit" className={className} aria-describedby={described}>
        {label}
      </button>
    </form>
  )
}

function MethodItem({ m, mode }: { m: SavedMethodView; mode: Mode }) {
  const title = `pm-${m.id}`
  const locale = useLocale()
  const t = paymentPageTexts[locale]
  const description = savedMethodDescriptionIn(locale, m)
  return (
    <li className="card payment-method">
      <h2 id={title} className="payment-method__title">
        {m.nickname}
        {m.isDefault && <span className="badge">{t.defaultBadge}</span>}
      </h2>
      <p>
        {description}
        {expiry(m, locale) ? ` · ${expiry(m, locale)}` : ''}
      </p>
      {mode.kind === 'rename' && mode.id === m.id ? (
        <form method="post" action={PATH} noValidate className="payment-method__rename">
          <input type="hidden" name="methodId" value={m.id} />
          <input type="hidden" name="action" value="rename" />
          <Field
            name="nickname"
            label={t.nicknameOf(description)}
            errors={mode.errors}
            firstError="nickname"
            defaultValue={mode.value}
            maxLength={SAVED_METHOD_NICKNAME_MAX}
            autoComplete="off"
          />
          <div className="actions">
            <button type="submit" className="btn btn--primary">
              {t.saveNickname}
            </button>
            <a className="btn btn--secondary" href={PATH}>
              {t.cancel}
            </a>
          </div>
        </form>
      ) : mode.kind === 'remove' && mode.id === m.id ? (
        <div className="alert alert--error" role="alert">
          <p>{t.removeQuestion(description)}</p>
          <div className="actions">
            <ActionForm id={m.id} action="remove" label={t.yesRemove} className="btn btn--primary" />
            <a className="btn btn--secondary" href={PATH}>
              {t.keepIt}
            </a>
          </div>
        </div>
      ) : (
        <div className="actions">
          <a className="btn btn--secondary" href={`${PATH}?rename=${m.id}`} aria-describedby={title}>
            {t.rename}
          </a>
          {!m.isDefault && <ActionForm id={m.id} action="default" label={t.makeDefault} className="btn btn--secondary" described={title} />}
          <a className="btn btn--secondary" href={`${PATH}?remove=${m.id}`} aria-describedby={title}>
            {t.remove}
          </a>
        </div>
      )}
    </li>
  )
}

/**
 * Payment Methods (issue 22): the profile's saved cards and bank accounts with rename, default and
 * remove, each a plain form (no script needed). A method is added by ticking 'Save this card/account for
 * later' on Make a Payment, so card and account numbers are typed in one place only.
 */
function PaymentMethodsView({ methods, mode, done, problem, settings }: ViewProps) {
  const locale = useLocale()
  const t = paymentPageTexts[locale]
  return (
    <section className="card narrow" aria-labelledby="methods-heading">
      <h1 id="methods-heading">{t.methodsTitle}</h1>
      {done && <StatusMessage>{done}</StatusMessage>}
      <FormAlert message={problem === null ? null : messageIn(locale, problem)} focus={mode.kind !== 'rename'} />
      {methods.length === 0 ? (
        <p>{t.noMethods}</p>
      ) : (
        <ul className="payment-methods">
          {methods.map((m) => (
            <MethodItem key={m.id} m={m} mode={mode} />
          ))}
        </ul>
      )}
      <p>{t.howToSave}</p>
      <PolicySettingsSections policies={settings} />
      <div className="actions">
        <a className="btn btn--secondary" href={pathOf('AccountHome')}>
          {t.back}
        </a>
      </div>
    </section>
  )
}

export const paymentMethodsPage = definePage('PaymentMethods')

function profileIdOf(c: Context<AppEnv>): string | null {
  const session = c.get('session')
  return session?.kind === 'direct' && session.profileId ? session.profileId : null
}

async function show(c: Context<AppEnv>, profileId: string, mode: Mode, done: string | null, problem: string | null, status: 200 | 400 = 200) {
  const methods = await savedMethodsOf(c.env, profileId)
  const settings = await policySettings(c, profileId)
  return renderPage(c, <PaymentMethodsView methods={methods} mode={mode} done={done} problem={problem} settings={settings} />, { status })
}

paymentMethodsPage.get('/', async (c) => {
  const profileId = profileIdOf(c)
  if (!profileId) return c.redirect(pathOf('Error'), 303)
  const rename = c.req.query('rename') ?? ''
  const remove = c.req.query('remove') ?? ''
  const methods = await savedMethodsOf(c.env, profileId)
  const target = (id: string) => (SAVED_METHOD_ID.test(id) ? methods.find((m) => m.id === id) : undefined)
  let mode: Mode = { kind: 'list' }
  const renaming = target(rename)
  const removing = target(remove)
  if (renaming) mode = { kind: 'rename', id: renaming.id, value: renaming.nickname, errors: {} }
  else if (removing) mode = { kind: 'remove', id: removing.id }
  const t = paymentPageTexts[requestLocale(c)]
  const done: Record<string, string> = { renamed: t.doneRenamed, default: t.doneDefault, removed: t.doneRemoved, reminders: t.doneReminders }
  return show(c, profileId, mode, done[c.req.query('done') ?? ''] ?? null, null)
})

paymentMethodsPage.post('/', pageRateLimit(RATE_RULES.methodChanges), async (c) => {
  const profileId = profileIdOf(c)
  if (!profileId) return c.redirect(pathOf('Error'), 303)
  const typed = await readForm(c)
  if (typed.intent === 'reminders') {
    const changed = await setReminders(c.env, profileId, normalizePolicyNumber(typed.policyId ?? ''), typed.on === 'yes', await portalNow(c.env))
    return changed ? c.redirect(`${PATH}?done=reminders`, 303) : c.redirect(PATH, 303)
  }
  const form = await submittedForm(c, methodFormSchema)
  if (!form.ok) {
    const id = form.typed.methodId ?? ''
    if (form.typed.action === 'rename' && SAVED_METHOD_ID.test(id)) {
      return show(c, profileId, { kind: 'rename', id, value: form.typed.nickname ?? '', errors: form.errors }, null, null, 400)
    }
    return c.redirect(PATH, 303)
  }
  const { methodId, action } = form.data
  if (action === 'rename') {
    const r = await renameMethod(c.env, profileId, methodId, form.data.nickname ?? '')
    return r.ok ? c.redirect(`${PATH}?done=renamed`, 303) : show(c, profileId, { kind: 'list' }, null, r.message, 400)
  }
  if (action === 'default') {
    // Step-up (decision 202): from a session proved long ago, Confirm It Is You first, then back here.
    if (stepUpRequired(profileSession(c))) return c.redirect(confirmPath('payment-methods'), 303)
    const r = await makeDefault(c.env, profileId, methodId)
    return r.ok ? c.redirect(`${PATH}?done=default`, 303) : show(c, profileId, { kind: 'list' }, null, r.message, 400)
  }
  const r = await removeMethod(c.env, paymentProcessor(c.env), profileId, methodId, (id) => autopayUsing(c.env, id))
  if (r.ok) return c.redirect(`${PATH}?done=removed`, 303)
  return show(c, profileId, { kind: 'list' }, null, r.message, 400)
})
