import type { Context } from 'hono'
import { zValidator, type Hook } from '@hono/zod-validator'
import type { z } from 'zod'
import type { AppEnv } from '../../types'
import { pathOf } from '../../../shared/routes'
import { fieldErrors, type FieldErrors } from '../../../shared/forms/field-errors'
import { localDateIn } from '../../../shared/identity/local-time-in'
import {
  fixedChoice,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_MSG,
  phoneWords,
  TEXT_CONSENTS,
  textConsentWords,
  type NotificationKind,
  type Preferences,
} from '../../../shared/notifications/preferences'
import {
  PHONE_CODE_FIELD_ORDER,
  PHONE_FIELD_ORDER,
  phoneCodeSchema,
  phoneSchema,
  PREFERENCES_FIELD_ORDER,
  preferencesSchema,
} from '../../../shared/notifications/schemas/notifications'
import { renderPage } from '../../render/render-page'
import { formWork, STORE_FAILED, STORE_FAILED_STATUS } from '../../render/form-page'
import { MSG } from '../../../shared/forms/messages'
import { ErrorSummary, Field, firstErrorOf } from '../../render/form'
import { pageAccountBurst, pageRateLimit } from '../../middleware/page-refusals'
import { RATE_RULES } from '../../middleware/rate-rules'
import { profileSession } from '../../middleware/guards'
import { background } from '../../lib/background'
import { loadNotificationSettings, savePreferences, type NotificationSettings } from '../../services/notifications/preferences'
import { checkPhoneCode, sendPhoneCode } from '../../services/notifications/phone-verification'
import { pendingCode } from '../../db/notifications/notification-settings'
import { CodeField } from './code-field'
import { currentProfile, FormAlert, Said, StatusMessage } from './parts'
import { useLocale, useTexts } from '../../render/locale'
import { partsTexts } from './texts/parts'
import { notificationsTexts } from './texts/notifications'
import { definePage } from '../page'

/** Which form a message or an error belongs to. */
interface Problems {
  preferences?: { errors: FieldErrors; message: string | null }
  phone?: { errors: FieldErrors; typed: string; message: string | null }
  code?: { errors: FieldErrors; message: string | null }
}

interface ViewProps {
  settings: NotificationSettings
  codePending: string | null
  status: string | null
  problems: Problems
  /** Whose clock the dates are on: the profile's first policy's state, as Signed-in sessions says ('' is America/New_York). */
  state: string
}

const STATUS: Record<string, string> = { saved: NOTIFICATION_MSG.saved, sent: NOTIFICATION_MSG.codeSent, verified: NOTIFICATION_MSG.verified }

/** Each kind's label and line in the page's texts. */
const KIND_TEXT = {
  'claim-updates': { label: 'claimUpdatesLabel', about: 'claimUpdatesAbout' },
  payments: { label: 'paymentsLabel', about: 'paymentsAbout' },
  security: { label: 'securityLabel', about: 'securityAbout' },
} as const satisfies Record<NotificationKind, { label: string; about: string }>

function PreferencesForm({ preferences, textUsable, problem }: { preferences: Preferences; textUsable: boolean; problem: Problems['preferences'] }) {
  const errors = problem?.errors ?? {}
  const t = useTexts(notificationsTexts)
  return (
    <section aria-labelledby="choices-heading">
      <h2 id="choices-heading">{t.choicesHeading}</h2>
      <FormAlert message={problem?.message ?? null} focus={!firstErrorOf(errors, PREFERENCES_FIELD_ORDER)} />
      <ErrorSummary errors={errors} order={PREFERENCES_FIELD_ORDER} id="choices-errors" />
      {textUsable ? null : (
        <p id="text-needs-phone">
          <Said message={NOTIFICATION_MSG.textNeedsPhone} />
        </p>
      )}
      <form method="post" action={pathOf('Notifications')} noValidate>
        {NOTIFICATION_KINDS.map((kind) => (
          <fieldset key={kind} className="notifications__kind">
            <legend>{t[KIND_TEXT[kind].label]}</legend>
            <p className="field__hint">{t[KIND_TEXT[kind].about]}</p>
            {NOTIFICATION_CHANNELS.map((channel) => {
              const name = `${kind}:${channel}`
              const fixed = fixedChoice(kind, channel)
              // A channel fixed off is not offered at all.
              if (fixed === false) return null
              const unusable = channel === 'text' && !textUsable
              return (
                <div key={channel} className="paperless__checkbox">
                  <input
                    id={`f-${name}`}
                    name={name}
                    type="checkbox"
                    value="on"
                    defaultChecked={preferences[kind][channel]}
                    disabled={fixed === true || unusable}
                    aria-describedby={unusable ? 'text-needs-phone' : undefined}
                  />
                  <label htmlFor={`f-${name}`}>
                    {t[channel]}
                    {fixed === true ? t.alwaysOn : ''}
                  </label>
                </div>
              )
            })}
          </fieldset>
        ))}
        <div className="actions">
          <button type="submit" className="btn btn--primary">
            {t.saveChoices}
          </button>
        </div>
      </form>
    </section>
  )
}

function PhoneSection({ settings, codePending, problems, state }: Pick<ViewProps, 'settings' | 'codePending' | 'problems' | 'state'>) {
  const { phone } = settings
  const phoneErrors = problems.phone?.errors ?? {}
  const firstPhone = firstErrorOf(phoneErrors, PHONE_FIELD_ORDER)
  const codeErrors = problems.code?.errors ?? {}
  const t = useTexts(notificationsTexts)
  const locale = useLocale()
  return (
    <section aria-labelledby="phone-heading">
      <h2 id="phone-heading">{t.phoneHeading}</h2>
      {phone ? <p>{t.textsGoTo(phoneWords(phone.phone), localDateIn(locale, phone.verified_at, state))}</p> : <p>{t.noPhone}</p>}
      {phone?.stopped_at != null ? (
        <div className="alert alert--error" role="alert">
          {t.stopped(phone.stop_word ?? 'STOP', localDateIn(locale, phone.stopped_at, state))}
        </div>
      ) : null}
      {codePending || problems.code ? (
        <>
          <h3>{codePending ? t.enterCodeTo(phoneWords(codePending)) : t.enterCode}</h3>
          <FormAlert message={problems.code?.message ?? null} focus={!codeErrors.code} />
          <ErrorSummary errors={codeErrors} order={PHONE_CODE_FIELD_ORDER} id="code-errors" />
          <form method="post" action={`${pathOf('Notifications')}/verify`} noValidate>
            <CodeField errors={codeErrors} />
            <div className="actions">
              <button type="submit" className="btn btn--primary">
                {t.verify}
              </button>
            </div>
          </form>
        </>
      ) : null}
      <h3>{phone || codePending ? t.sendToNumber : t.addNumber}</h3>
      <FormAlert message={problems.phone?.message ?? null} focus={!firstPhone} />
      <ErrorSummary errors={phoneErrors} order={PHONE_FIELD_ORDER} labels={{ phone: t.mobileNumberSummary, consent: t.agreementSummary }} id="phone-errors" />
      <form method="post" action={`${pathOf('Notifications')}/phone`} noValidate>
        <input type="hidden" name="consentVersion" value={TEXT_CONSENTS[locale].version} />
        <Field
          name="phone"
          label={t.mobileNumber}
          type="tel"
          errors={phoneErrors}
          firstError={firstPhone}
          defaultValue={problems.phone?.typed ?? ''}
          autoComplete="tel-national"
          inputMode="tel"
          maxLength={30}
          hint={t.phoneHint}
          required
        />
        <div className={phoneErrors.consent ? 'field field--error' : 'field'}>
          <div className="paperless__checkbox">
            <input
              id="f-consent"
              name="consent"
              type="checkbox"
              value="yes"
              required
              aria-invalid={phoneErrors.consent ? true : undefined}
              aria-describedby={phoneErrors.consent ? 'f-consent-error' : undefined}
              autoFocus={firstPhone === 'consent' ? true : undefined}
            />
            <label htmlFor="f-consent">{t.consent}</label>
          </div>
          {phoneErrors.consent && (
            <p className="field__error" id="f-consent-error">
              <Said message={phoneErrors.consent} />
            </p>
          )}
        </div>
        <div className="actions">
          <button type="submit" className="btn btn--secondary">
            {t.sendCode}
          </button>
        </div>
      </form>
    </section>
  )
}

/**
 * Notifications (issue 32 item 5, decision 209): per kind (claim updates, payments, security alerts)
 * and per channel (email, text message), and the mobile number texts go to, verified by a code sent to
 * it with the consent to texts shown beside the box. Three plain forms; no script needed.
 */
function NotificationsView({ settings, codePending, status, problems, state }: ViewProps) {
  const textUsable = settings.phone !== null && settings.phone.stopped_at === null
  const t = useTexts(notificationsTexts)
  const common = useTexts(partsTexts)
  return (
    <section className="card narrow" aria-labelledby="notifications-heading">
      <h1 id="notifications-heading">{t.heading}</h1>
      {status && <StatusMessage>{status}</StatusMessage>}
      <PreferencesForm preferences={settings.preferences} textUsable={textUsable} problem={problems.preferences} />
      <PhoneSection settings={settings} codePending={codePending} problems={problems} state={state} />
      <p>
        <a href={pathOf('ManageProfile')}>{common.backToProfile}</a>
      </p>
    </section>
  )
}

async function view(c: Context<AppEnv>, problems: Problems, status: 200 | 400 | 429 | 503 = 200): Promise<Response> {
  const { profileId } = profileSession(c)
  const [settings, code, profile] = await Promise.all([loadNotificationSettings(c.env, profileId), pendingCode(c.env.DB, profileId), currentProfile(c)])
  const codePending = code && code.expires_at > Date.now() ? code.phone : null
  const done = c.req.query('done')
  return renderPage(
    c,
    <NotificationsView
      settings={settings}
      codePending={codePending}
      status={done ? (STATUS[done] ?? null) : null}
      problems={problems}
      state={profile?.policies[0]?.state ?? ''}
    />,
    {
      status,
    },
  )
}

/**
 * A form of this page checked by its schema (@hono/zod-validator): a refused form is shown again by
 * `refused` with each field's message, status 400; an accepted one reaches the handler as c.req.valid('form').
 */
function pageForm<S extends z.ZodType>(schema: S, refused: (c: Context<AppEnv>, errors: FieldErrors) => Promise<Response>) {
  const hook: Hook<z.infer<S>, AppEnv, string, 'form', Record<never, never>, S> = (result, c) =>
    result.success ? undefined : refused(c, fieldErrors(result.error))
  return zValidator<S, 'form', AppEnv, string, typeof hook>('form', schema, hook)
}

const done = (c: Context<AppEnv>, what: keyof typeof STATUS) => c.redirect(`${pathOf('Notifications')}?done=${what}`, 303)

export const notificationsPage = definePage('Notifications')

notificationsPage.get('/', (c) => view(c, {}))

notificationsPage.post(
  '/',
  pageAccountBurst,
  pageRateLimit(RATE_RULES.notifications),
  pageForm(preferencesSchema, (c, errors) => view(c, { preferences: { errors, message: null } }, 400)),
  async (c) => {
    const saved = await formWork(c, 'notification choices', () =>
      savePreferences(c.env, profileSession(c).profileId, c.req.valid('form'), { requestId: c.get('requestId'), now: Date.now() }),
    )
    if (saved === STORE_FAILED) return view(c, { preferences: { errors: {}, message: MSG.storeUnavailable } }, STORE_FAILED_STATUS)
    if (!saved.ok) return view(c, { preferences: { errors: {}, message: saved.errorMessage } }, 400)
    return done(c, 'saved')
  },
)

notificationsPage.post(
  '/phone',
  pageAccountBurst,
  pageRateLimit(RATE_RULES.textCode),
  pageForm(phoneSchema, async (c, errors) => {
    const typed = (await c.req.parseBody()).phone
    return view(c, { phone: { errors, typed: typeof typed === 'string' ? typed.slice(0, 30) : '', message: null } }, 400)
  }),
  async (c) => {
    const form = c.req.valid('form')
    // A page older than the consent's wording: read it again before agreeing.
    if (textConsentWords(form.consentVersion) === null) {
      return view(c, { phone: { errors: { consent: NOTIFICATION_MSG.consentRequired }, typed: form.phone, message: null } }, 400)
    }
    const sent = await formWork(c, 'phone code', () =>
      sendPhoneCode(
        c.env,
        { profileId: profileSession(c).profileId, phone: form.phone, consentVersion: form.consentVersion, requestId: c.get('requestId'), now: Date.now() },
        background(c),
      ),
    )
    if (sent === STORE_FAILED) return view(c, { phone: { errors: {}, typed: form.phone, message: MSG.storeUnavailable } }, STORE_FAILED_STATUS)
    if (!sent.ok) {
      c.header('Retry-After', String(sent.retryAfterSeconds))
      return view(c, { phone: { errors: {}, typed: form.phone, message: sent.errorMessage } }, 429)
    }
    return done(c, 'sent')
  },
)

notificationsPage.post(
  '/verify',
  pageAccountBurst,
  pageRateLimit(RATE_RULES.notifications),
  pageForm(phoneCodeSchema, (c, errors) => view(c, { code: { errors, message: null } }, 400)),
  async (c) => {
    const checked = await formWork(c, 'phone code check', () =>
      checkPhoneCode(c.env, { profileId: profileSession(c).profileId, code: c.req.valid('form').code, requestId: c.get('requestId'), now: Date.now() }),
    )
    if (checked === STORE_FAILED) return view(c, { code: { errors: {}, message: MSG.storeUnavailable } }, STORE_FAILED_STATUS)
    if (!checked.ok) return view(c, { code: { errors: { code: checked.errorMessage }, message: null } }, 400)
    return done(c, 'verified')
  },
)
