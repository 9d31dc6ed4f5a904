import { pathOf } from '../../../shared/routes'
import { formatDateIn } from '../../../shared/i18n/format'
import { messageIn } from '../../../shared/i18n/messages'
import { useLocale } from '../../render/locale'
import { PAPERLESS_TEXTS } from './texts'
import { localDate } from '../../../shared/clock'
import type { FieldErrors } from '../../../shared/forms/field-errors'
import { PAPERLESS_FIELD_ORDER } from '../../../shared/paperless/schemas/paperless'
import { EMAIL_CHANGE_LINK_TEXTS, PAPERLESS_DISCLOSURE_VERSION, type DisclosureSection } from '../../../shared/paperless/disclosure'
import { SAMPLE_CODE_LENGTH, type ConsentEvent, type ConsentStatus } from '../../../shared/paperless/consent'
import { Field, firstErrorOf } from '../../render/form'
import { FormAlert, StatusMessage } from '../identity/parts'

/** The sample PDF, under Paperless Documents. */
export const SAMPLE_PDF = '/sample.pdf'
const SAMPLE_PDF_PATH = `${pathOf('PaperlessDocuments')}${SAMPLE_PDF}`

export interface PaperlessState {
  emailAddress: string
  /** The state whose clock dates are shown in (the profile's first policy). */
  state: string
  status: ConsentStatus
  history: ConsentEvent[]
  disclosure: DisclosureSection[]
  done: 'consented' | 'withdrawn' | null
  errors: FieldErrors
  message: string | null
}

function Disclosures({ sections, level }: { sections: DisclosureSection[]; level: 2 | 3 }) {
  const locale = useLocale()
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <div className="paperless__disclosures">
      {sections.map((s) => (
        <section key={s.id} aria-labelledby={`disclosure-${s.id}`}>
          <Heading id={`disclosure-${s.id}`}>{s.heading}</Heading>
          {s.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {s.items && (
            <ul>
              {s.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
          {s.closing?.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {s.id === 'email-address' && (
            <p>
              <a href={pathOf('ManageProfile')}>{EMAIL_CHANGE_LINK_TEXTS[locale]}</a>
            </p>
          )}
        </section>
      ))}
    </div>
  )
}

function ConsentForm({ s }: { s: PaperlessState }) {
  const locale = useLocale()
  const t = PAPERLESS_TEXTS[locale]
  const first = firstErrorOf(s.errors, PAPERLESS_FIELD_ORDER)
  const agreeError = s.errors.agree === undefined ? undefined : messageIn(locale, s.errors.agree)
  return (
    <form method="post" action={pathOf('PaperlessDocuments')} noValidate className="paperless__form">
      <input type="hidden" name="disclosureVersion" value={PAPERLESS_DISCLOSURE_VERSION} />
      <h2>{t.stepOpen}</h2>
      <p>{t.stepOpenText(String(SAMPLE_CODE_LENGTH))}</p>
      <p>
        <a href={SAMPLE_PDF_PATH} target="_blank" rel="noopener" type="application/pdf">
          {t.sampleLink}
        </a>
      </p>
      <h2>{t.stepAgree}</h2>
      <Field
        name="sampleCode"
        label={t.codeLabel}
        errors={s.errors}
        firstError={first}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        required
      />
      <div className={agreeError ? 'field field--error' : 'field'}>
        <div className="paperless__checkbox">
          <input
            id="f-agree"
            name="agree"
            type="checkbox"
            value="yes"
            required
            aria-invalid={agreeError ? true : undefined}
            aria-describedby={agreeError ? 'f-agree-error' : undefined}
            autoFocus={first === 'agree' ? true : undefined}
          />
          <label htmlFor="f-agree">{t.agreeLabel}</label>
        </div>
        {agreeError && (
          <p className="field__error" id="f-agree-error">
            {agreeError}
          </p>
        )}
      </div>
      <div className="actions">
        <a className="btn btn--secondary" href={pathOf('ManageProfile')}>
          {t.back}
        </a>
        <button type="submit" className="btn btn--primary">
          {t.agreeButton}
        </button>
      </div>
    </form>
  )
}

function statusLine(t: (typeof PAPERLESS_TEXTS)['en'], s: PaperlessState, day: (at: number) => string): string {
  switch (s.status.state) {
    case 'electronic':
      return t.electronic(s.emailAddress, day(s.status.since))
    case 'withdrawn':
      return t.withdrawn(day(s.status.since))
    case 'renew':
      return t.renew
    default:
      return t.paper
  }
}

/** Paperless documents (issue 22 item 4): the disclosures, the sample PDF, the consent and its withdrawal; no script needed. */
export function PaperlessView({ s }: { s: PaperlessState }) {
  const locale = useLocale()
  const t = PAPERLESS_TEXTS[locale]
  const day = (at: number) => formatDateIn(locale, localDate(at, s.state))
  const electronic = s.status.state === 'electronic'
  return (
    <section className="card narrow paperless" aria-labelledby="paperless-heading">
      <h1 id="paperless-heading">{t.heading}</h1>
      {s.done === 'consented' && <StatusMessage>{t.consented}</StatusMessage>}
      {s.done === 'withdrawn' && <StatusMessage>{t.withdrawnNow}</StatusMessage>}
      <FormAlert message={s.message === null ? null : messageIn(locale, s.message)} focus={!firstErrorOf(s.errors, PAPERLESS_FIELD_ORDER)} />
      <p className="paperless__status">{statusLine(t, s, day)}</p>
      {!electronic && <p>{t.intro}</p>}
      <p>
        {t.emailLine(s.emailAddress)} <a href={pathOf('ManageProfile')}>{EMAIL_CHANGE_LINK_TEXTS[locale]}</a>
      </p>
      {electronic ? (
        <>
          <details className="paperless__agreed">
            <summary>{t.agreedTo}</summary>
            <Disclosures sections={s.disclosure} level={2} />
          </details>
          <form method="post" action={pathOf('PaperlessDocuments')} className="paperless__form">
            <input type="hidden" name="intent" value="withdraw" />
            <h2>{t.withdrawHeading}</h2>
            <p>{t.withdrawText}</p>
            <div className="actions">
              <a className="btn btn--secondary" href={pathOf('ManageProfile')}>
                {t.back}
              </a>
              <button type="submit" className="btn btn--primary">
                {t.withdrawButton}
              </button>
            </div>
          </form>
        </>
      ) : (
        <>
          <h2>{t.beforeYouAgree}</h2>
          <Disclosures sections={s.disclosure} level={3} />
          <ConsentForm s={s} />
        </>
      )}
      {s.history.length > 0 && (
        <>
          <h2>{t.historyHeading}</h2>
          <ul className="paperless__history">
            {[...s.history].reverse().map((e, i) => (
              <li key={`${s.history.length - i}`}>{`${day(e.at)}: ${e.action === 'consent' ? t.historyConsent(e.disclosureVersion) : t.historyWithdraw}`}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
