import { pathOf } from '../../../shared/routes'
import { formatDate } from '../../../shared/format'
import { localDate } from '../../../shared/clock'
import type { FieldErrors } from '../../../shared/forms/field-errors'
import { PAPERLESS_FIELD_ORDER } from '../../../shared/paperless/schemas/paperless'
import { EMAIL_CHANGE_LINK_TEXT, PAPERLESS_DISCLOSURE_VERSION, type DisclosureSection } from '../../../shared/paperless/disclosure'
import { SAMPLE_CODE_LENGTH, type ConsentEvent, type ConsentStatus } from '../../../shared/paperless/consent'
import { Field, firstErrorOf } from '../../render/form'
import { FormAlert, StatusMessage } from '../identity/parts'

/** The sample PDF, under Paperless Documents. */
export const SAMPLE_PDF = '/sample.pdf'
const SAMPLE_PDF_PATH = `${pathOf('PaperlessDocuments')}${SAMPLE_PDF}`

/** The page's own words (decision 178; listed in the README's texts table). */
const PAPERLESS_TEXT = {
  intro: 'Get your policy documents electronically instead of on paper. Please read the disclosures below before you decide.',
  paper: 'You get your policy documents by mail.',
  electronic: (email: string, since: string) => `You get your policy documents electronically, since ${since}. We email ${email} when a new one is available.`,
  withdrawn: (since: string) => `You get your policy documents by mail. You withdrew your consent to paperless documents on ${since}.`,
  renew: 'Our disclosures have changed since you agreed to them. Until you read and agree to the new ones, your documents come by mail.',
  consented: 'Thank you. Your documents now come electronically, and we will email you when a new one is available.',
  withdrawnNow: 'Your consent is withdrawn. From now on your documents come by mail.',
  emailLine: (email: string) => `We send the emails to ${email}.`,
  stepOpen: 'Step 1: Open the sample PDF',
  stepOpenText: `To show that you can open the documents, open this sample PDF. It shows a code of ${SAMPLE_CODE_LENGTH} letters.`,
  sampleLink: 'Open the sample PDF (opens in a new tab)',
  stepAgree: 'Step 2: Type the code and agree',
  codeLabel: 'Code from the sample PDF *',
  agreeLabel: 'I have read the disclosures above and agree to receive my policy documents electronically instead of on paper. *',
  agreeButton: 'Agree and go paperless',
  withdrawHeading: 'Get your documents by mail again',
  withdrawText: 'You can withdraw your consent at any time. There is no fee, and it takes effect at once.',
  withdrawButton: 'Withdraw my consent',
  agreedTo: 'Read the disclosures you agreed to',
  historyHeading: 'Your choices',
  historyConsent: (version: string) => `Agreed to paperless documents (disclosures ${version})`,
  historyWithdraw: 'Withdrew consent: documents by mail',
  back: 'Back to Your Profile',
} as const

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
              <a href={pathOf('ManageProfile')}>{EMAIL_CHANGE_LINK_TEXT}</a>
            </p>
          )}
        </section>
      ))}
    </div>
  )
}

function ConsentForm({ s }: { s: PaperlessState }) {
  const first = firstErrorOf(s.errors, PAPERLESS_FIELD_ORDER)
  const agreeError = s.errors.agree
  return (
    <form method="post" action={pathOf('PaperlessDocuments')} noValidate className="paperless__form">
      <input type="hidden" name="disclosureVersion" value={PAPERLESS_DISCLOSURE_VERSION} />
      <h2>{PAPERLESS_TEXT.stepOpen}</h2>
      <p>{PAPERLESS_TEXT.stepOpenText}</p>
      <p>
        <a href={SAMPLE_PDF_PATH} target="_blank" rel="noopener" type="application/pdf">
          {PAPERLESS_TEXT.sampleLink}
        </a>
      </p>
      <h2>{PAPERLESS_TEXT.stepAgree}</h2>
      <Field
        name="sampleCode"
        label={PAPERLESS_TEXT.codeLabel}
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
          <label htmlFor="f-agree">{PAPERLESS_TEXT.agreeLabel}</label>
        </div>
        {agreeError && (
          <p className="field__error" id="f-agree-error">
            {agreeError}
          </p>
        )}
      </div>
      <div className="actions">
        <a className="btn btn--secondary" href={pathOf('ManageProfile')}>
          {PAPERLESS_TEXT.back}
        </a>
        <button type="submit" className="btn btn--primary">
          {PAPERLESS_TEXT.agreeButton}
        </button>
      </div>
    </form>
  )
}

function statusLine(s: PaperlessState, day: (at: number) => string): string {
  switch (s.status.state) {
    case 'electronic':
      return PAPERLESS_TEXT.electronic(s.emailAddress, day(s.status.since))
    case 'withdrawn':
      return PAPERLESS_TEXT.withdrawn(day(s.status.since))
    case 'renew':
      return PAPERLESS_TEXT.renew
    default:
      return PAPERLESS_TEXT.paper
  }
}

/** Paperless documents (issue 22 item 4): the disclosures, the sample PDF, the consent and its withdrawal; no script needed. */
export function PaperlessView({ s }: { s: PaperlessState }) {
  const day = (at: number) => formatDate(localDate(at, s.state))
  const electronic = s.status.state === 'electronic'
  return (
    <section className="card narrow paperless" aria-labelledby="paperless-heading">
      <h1 id="paperless-heading">Paperless documents</h1>
      {s.done === 'consented' && <StatusMessage>{PAPERLESS_TEXT.consented}</StatusMessage>}
      {s.done === 'withdrawn' && <StatusMessage>{PAPERLESS_TEXT.withdrawnNow}</StatusMessage>}
      <FormAlert message={s.message} focus={!firstErrorOf(s.errors, PAPERLESS_FIELD_ORDER)} />
      <p className="paperless__status">{statusLine(s, day)}</p>
      {!electronic && <p>{PAPERLESS_TEXT.intro}</p>}
      <p>
        {PAPERLESS_TEXT.emailLine(s.emailAddress)} <a href={pathOf('ManageProfile')}>{EMAIL_CHANGE_LINK_TEXT}</a>
      </p>
      {electronic ? (
        <>
          <details className="paperless__agreed">
            <summary>{PAPERLESS_TEXT.agreedTo}</summary>
            <Disclosures sections={s.disclosure} level={2} />
          </details>
          <form method="post" action={pathOf('PaperlessDocuments')} className="paperless__form">
            <input type="hidden" name="intent" value="withdraw" />
            <h2>{PAPERLESS_TEXT.withdrawHeading}</h2>
            <p>{PAPERLESS_TEXT.withdrawText}</p>
            <div className="actions">
              <a className="btn btn--secondary" href={pathOf('ManageProfile')}>
                {PAPERLESS_TEXT.back}
              </a>
              <button type="submit" className="btn btn--primary">
                {PAPERLESS_TEXT.withdrawButton}
              </button>
            </div>
          </form>
        </>
      ) : (
        <>
          <h2>Before you agree</h2>
          <Disclosures sections={s.disclosure} level={3} />
          <ConsentForm s={s} />
        </>
      )}
      {s.history.length > 0 && (
        <>
          <h2>{PAPERLESS_TEXT.historyHeading}</h2>
          <ul className="paperless__history">
            {[...s.history].reverse().map((e, i) => (
              <li key={`${s.history.length - i}`}>
                {`${day(e.at)}: ${e.action === 'consent' ? PAPERLESS_TEXT.historyConsent(e.disclosureVersion) : PAPERLESS_TEXT.historyWithdraw}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
