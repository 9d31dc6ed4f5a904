import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { useSnapshot } from 'valtio'
import {
  esignFieldOrder,
  firstESignError,
  initialsField,
  SIGNATURE_FIELD,
  TERMS_FIELD,
  INITIALS_MAX,
  SIGNATURE_MAX,
  type ESignProps,
} from '../../shared/esign/schemas/esign'
import { attemptSign, createESignStore, setAgree, setInitials, setSignature } from './store'
import type { ESignIslandTexts } from '../../shared/esign/texts'
import { fill } from '../../shared/i18n/catalog'
import { TermsBody } from './TermsBody'
import { TermsDialog } from './TermsDialog'
import { logToServer, postESignatures, UNEXPECTED_RESPONSE } from './submit'
import { goTo } from '../ui/navigate'
import { FORM_TOKEN_FIELD } from '../../shared/forms/form-token'

/** The element id of a screen field (the key is also the no-script form's input name). */
function fieldId(key: string): string {
  if (key === TERMS_FIELD) return 'esign-agree'
  if (key === SIGNATURE_FIELD) return 'esign-signature'
  return `esign-${key}`
}

/**
 * The e-signature screen (spec 000 "E-Signature screen", sections 4 and 5 "E-sign"): review the
 * application, initial each statement, accept the acknowledgement and the terms, type the full name.
 * Without script it is a plain form posting to /e-sign, which the server validates with the same
 * schema; hydrated, it validates on Sign Now (focus to the first error, nothing sent when invalid),
 * posts JSON to PostESignatures with a spinner, and opens the system-message page with the answer.
 */
export function ESign(props: ESignProps) {
  const { policyId, documents, statements, terms } = props
  // The page's words in its language (issue 36); a message the form shows, in it when the page sent one.
  const t = props.texts as ESignIslandTexts & { consentLabel: string }
  const say = (message: string) => props.texts[message] ?? message
  const [store] = useState(() => createESignStore(props))
  const snap = useSnapshot(store, { sync: true })
  const [enhanced, setEnhanced] = useState(false)
  const [focusRequest, setFocusRequest] = useState(0)
  const pendingFocus = useRef<string | null>(null)
  const termsButton = useRef<HTMLButtonElement>(null)
  const failureRef = useRef<HTMLDivElement>(null)
  const screenFields = useMemo(() => new Set(esignFieldOrder(statements.length)), [statements.length])
  const otherErrors = Object.entries(snap.errors).filter(([key]) => !screenFields.has(key))

  useEffect(() => setEnhanced(true), [])

  // Focus moves to the first field in error once its message is on the screen.
  useEffect(() => {
    const key = pendingFocus.current
    if (!key) return
    pendingFocus.current = null
    document.getElementById(fieldId(key))?.focus()
  }, [focusRequest])

  // A Sign Now that could not be done: focus goes to its message (what was typed stays).
  useEffect(() => {
    if (snap.failure) failureRef.current?.focus()
  }, [snap.failure])

  const closeTerms = useCallback(() => {
    store.termsOpen = false
  }, [store])

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (store.submitting) return
    const result = attemptSign(store, props)
    if (!result.ok) {
      pendingFocus.current = firstESignError(result.errors, statements.length) ?? null
      setFocusRequest((n) => n + 1)
      return
    }
    store.submitting = true
    store.failure = ''
    let leaving = false
    try {
      const outcome = await postESignatures(props.postUrl, result.submission, store)
      switch (outcome.kind) {
        case 'success':
        case 'failure':
          // The server put the text on the system-message page (as a success for 200, an error for 202).
          leaving = true
          goTo(props.systemMessageUrl)
          break
        case 'empty':
          break
        case 'unexpected':
          console.error(`[e-sign] ${UNEXPECTED_RESPONSE}`, outcome.status)
          void logToServer(props.logUrl, UNEXPECTED_RESPONSE, 'signNow')
          // Our store failed (503): nothing was signed; the same Sign Now again sends the same key.
          if (outcome.message) store.failure = outcome.message
          break
      }
    } catch (err) {
      // A network error or the 30 s timeout: the generic error handling (log, then the Error page).
      console.error('[e-sign] the e-signature post failed', err)
      leaving = true
      void logToServer(props.logUrl, 'e-signature post failed', 'signNow').finally(() => goTo(props.errorUrl))
    } finally {
      if (!leaving) store.submitting = false
    }
  }

  const first = snap.attempted ? firstESignError(snap.errors, statements.length) : undefined
  const errorOf = (key: string) => (snap.errors[key] === undefined ? undefined : say(snap.errors[key]))

  return (
    <section className="esign" aria-labelledby="esign-heading">
      <h1 id="esign-heading">{t.heading}</h1>
      <p>{fill(t.intro, { policyId })}</p>
      <p className="esign__required-note">{t.requiredNote}</p>
      {otherErrors.length > 0 && (
        <div className="alert alert--error" role="alert">
          <div>
            {otherErrors.map(([key, message]) => (
              <p key={key}>{say(message)}</p>
            ))}
          </div>
        </div>
      )}
      <form method="post" action={props.formAction} noValidate onSubmit={onSubmit} aria-busy={snap.submitting || undefined}>
        <input type="hidden" name="termsVersion" value={terms.version} />
        {props.formToken ? <input type="hidden" name={FORM_TOKEN_FIELD} value={props.formToken} /> : null}

        <section className="card esign__step" aria-labelledby="esign-step-1">
          <h2 id="esign-step-1">{t.step1}</h2>
          <ul className="esign__documents">
            {documents.map((d) => (
              <li key={d.href}>
                <a href={d.href} target="_blank" rel="noopener">
                  {d.label}
                  <span className="visually-hidden">{t.pdfNewTab}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>

        {statements.length > 0 && (
          <section className="card esign__step" aria-labelledby="esign-step-2">
            <h2 id="esign-step-2">{t.step2}</h2>
            <ol className="esign__statements">
              {statements.map((s, i) => {
                const key = initialsField(i)
                const error = errorOf(key)
                const id = fieldId(key)
                return (
                  <li key={s.statementId} className={error ? 'esign-statement field field--error' : 'esign-statement field'}>
                    <p className="esign-statement__text" id={`${id}-statement`}>
                      {`* ${s.statementText}`}
                    </p>
                    <label htmlFor={id}>{fill(t.initialsLabel, { n: i + 1 })}</label>
                    <input
                      id={id}
                      name={key}
                      className="esign-statement__initials"
                      type="text"
                      maxLength={INITIALS_MAX}
                      autoComplete="off"
                      autoCapitalize="characters"
                      spellCheck={false}
                      required
                      value={snap.values.initials[i] ?? ''}
                      onChange={(e) => setInitials(store, props, i, e.target.value)}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={[`${id}-statement`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
                      autoFocus={first === key && !enhanced ? true : undefined}
                    />
                    {error && (
                      <p className="field__error" id={`${id}-error`}>
                        {error}
                      </p>
                    )}
                  </li>
                )
              })}
            </ol>
          </section>
        )}

        <section className="card esign__step" aria-labelledby="esign-step-3">
          <h2 id="esign-step-3">{t.step3}</h2>
          <div className="esign__acknowledgement" dangerouslySetInnerHTML={{ __html: props.acknowledgementHtml }} />
          <p className="esign__agent-note">
            {fill(t.agentNote, { agentName: props.agentName })} <a href={`tel:${props.agentPhone}`}>{props.agentPhone}</a> {t.agentNoteEnd}
          </p>

          <div className={errorOf(TERMS_FIELD) ? 'field field--error esign__consent' : 'field esign__consent'}>
            <div className="esign__checkbox">
              <input
                id={fieldId(TERMS_FIELD)}
                name={TERMS_FIELD}
                type="checkbox"
                required
                checked={snap.values.agreeToTerms}
                onChange={(e) => setAgree(store, props, e.target.checked)}
                aria-invalid={errorOf(TERMS_FIELD) ? true : undefined}
                aria-describedby={errorOf(TERMS_FIELD) ? `${fieldId(TERMS_FIELD)}-error` : undefined}
                autoFocus={first === TERMS_FIELD && !enhanced ? true : undefined}
              />
              <label htmlFor={fieldId(TERMS_FIELD)}>{t.consentLabel} *</label>
            </div>
            {errorOf(TERMS_FIELD) && (
              <p className="field__error" id={`${fieldId(TERMS_FIELD)}-error`}>
                {errorOf(TERMS_FIELD)}
              </p>
            )}
            {enhanced ? (
              <button
                ref={termsButton}
                type="button"
                className="btn--link esign__terms-button"
                aria-haspopup="dialog"
                onClick={() => {
                  store.termsOpen = true
                }}
              >
                {t.readTerms}
              </button>
            ) : (
              <details className="esign-terms">
                <summary>{t.readTerms}</summary>
                <h3>{terms.title}</h3>
                <TermsBody terms={terms} level={4} />
              </details>
            )}
          </div>

          <div className={errorOf(SIGNATURE_FIELD) ? 'field field--error' : 'field'}>
            <label htmlFor={fieldId(SIGNATURE_FIELD)}>{t.signatureLabel}</label>
            <p className="field__hint" id={`${fieldId(SIGNATURE_FIELD)}-hint`}>
              {t.signatureHint}
            </p>
            <input
              id={fieldId(SIGNATURE_FIELD)}
              name={SIGNATURE_FIELD}
              type="text"
              maxLength={SIGNATURE_MAX}
              autoComplete="name"
              spellCheck={false}
              required
              value={snap.values.applicantSignature}
              onChange={(e) => setSignature(store, props, e.target.value)}
              aria-invalid={errorOf(SIGNATURE_FIELD) ? true : undefined}
              aria-describedby={[`${fieldId(SIGNATURE_FIELD)}-hint`, errorOf(SIGNATURE_FIELD) ? `${fieldId(SIGNATURE_FIELD)}-error` : '']
                .filter(Boolean)
                .join(' ')}
              autoFocus={first === SIGNATURE_FIELD && !enhanced ? true : undefined}
            />
            {errorOf(SIGNATURE_FIELD) && (
              <p className="field__error" id={`${fieldId(SIGNATURE_FIELD)}-error`}>
                {errorOf(SIGNATURE_FIELD)}
              </p>
            )}
          </div>
        </section>

        {snap.failure && (
          <div className="alert alert--error" role="alert" tabIndex={-1} ref={failureRef}>
            {snap.failure}
          </div>
        )}
        <div className="actions">
          <button type="submit" className="btn btn--primary" aria-disabled={snap.submitting || undefined}>
            {t.signNow}
          </button>
          <a className="btn btn--secondary" href={props.signLaterUrl}>
            {t.signLater}
          </a>
        </div>
      </form>

      {enhanced && (
        <div className="visually-hidden" role="status" aria-live="polite">
          {snap.submitting ? t.submitting : ''}
        </div>
      )}
      {snap.submitting && (
        <div className="esign-spinner" data-testid="esign-spinner" aria-hidden="true">
          <div className="esign-spinner__wheel" />
        </div>
      )}
      {snap.termsOpen && <TermsDialog terms={terms} closeLabel={t.close} onClose={closeTerms} />}
    </section>
  )
}
