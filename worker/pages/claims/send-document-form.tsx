import { pathOf } from '../../../shared/routes'
import { CLAIM_FILE_ACCEPT, CLAIM_FILE_KINDS, CLAIM_FILE_KINDS_ES, MAX_FILES_PER_CLAIM } from '../../../shared/claims/uploads'
import { FORM_TOKEN_FIELD } from '../../../shared/forms/form-token'
import { defineTexts } from '../../../shared/i18n/catalog'
import { messageIn } from '../../../shared/i18n/messages'
import { useLocale } from '../../render/locale'

/** The texts of the claim page's document form (issue 19 item 4, decision 184). */
export const SEND_DOCUMENT_TEXT = {
  heading: 'Send a document',
  label: 'Photo or PDF',
  hint: `One file at a time, ${CLAIM_FILE_KINDS} A claim can hold up to ${MAX_FILES_PER_CLAIM} in all.`,
  submit: 'Send this document',
  noFile: 'Choose a photo or a PDF to send.',
  malformed: 'The file did not arrive whole. Please choose it and send it again.',
  sent: (name: string) => `Thank you. We received ${name} and added it to your claim.`,
  answersLegend: 'This document is for',
  answersNone: 'Something else (not on the list)',
  unknownRequest: 'Choose one of the documents asked for, or Something else.',
} as const

/** The form's texts in both languages (issue 36); its refusals (noFile, malformed, unknownRequest) are messages: shared/claims/messages-es.ts. */
export const sendDocumentTexts = defineTexts(
  {
    heading: SEND_DOCUMENT_TEXT.heading,
    label: SEND_DOCUMENT_TEXT.label,
    hint: SEND_DOCUMENT_TEXT.hint,
    submit: SEND_DOCUMENT_TEXT.submit,
    sent: SEND_DOCUMENT_TEXT.sent,
    answersLegend: SEND_DOCUMENT_TEXT.answersLegend,
    answersNone: SEND_DOCUMENT_TEXT.answersNone,
  },
  {
    heading: 'Enviar un documento',
    label: 'Foto o PDF',
    hint: `Un archivo a la vez, ${CLAIM_FILE_KINDS_ES} Un reclamo puede tener hasta ${MAX_FILES_PER_CLAIM} archivos.`,
    submit: 'Enviar este documento',
    sent: (name) => `Gracias. Recibimos ${name} y lo agregamos a su reclamo.`,
    answersLegend: 'Este documento es para',
    answersNone: 'Otra cosa (no está en la lista)',
  },
)

/** The form field that names the request a file answers (its line's key; empty for none). */
export const ANSWERS_FIELD = 'answers'

/** The form's address: the claim travels in the query, so it is known before the file's first byte. */
const sendDocumentAction = (claimNumber: string) => `${pathOf('ClaimDocument')}?claim=${encodeURIComponent(claimNumber)}`

/**
 * One file per send, without JavaScript: the token field comes first and the file last, which is what
 * lets the worker stream the file (worker/services/request/multipart-file.ts).
 */
export function SendDocumentForm({
  claimNumber,
  token,
  error,
  requests = [],
}: {
  claimNumber: string
  token: string
  error: string | null
  /** The requests still open, offered as what the file answers (decision 207). */
  requests?: readonly { key: string; item: string }[]
}) {
  const locale = useLocale()
  const T = sendDocumentTexts[locale]
  return (
    <form
      method="post"
      action={sendDocumentAction(claimNumber)}
      encType="multipart/form-data"
      className="form claim-page__send"
      aria-labelledby="send-document-heading"
      // The portal's own 'Choose a photo or a PDF to send.' (from the worker), not the browser's bubble (issue 35).
      noValidate
    >
      <h3 id="send-document-heading">{T.heading}</h3>
      <input type="hidden" name={FORM_TOKEN_FIELD} value={token} />
      {requests.length > 0 && (
        <fieldset className="field claim-page__answers">
          <legend>{T.answersLegend}</legend>
          {[...requests, { key: '', item: T.answersNone }].map((r, i) => (
            <div className="choice" key={r.key}>
              <input type="radio" id={`f-answers-${i}`} name={ANSWERS_FIELD} value={r.key} defaultChecked={i === 0} />
              <label htmlFor={`f-answers-${i}`}>
                <bdi>{r.item}</bdi>
              </label>
            </div>
          ))}
        </fieldset>
      )}
      <div className={error ? 'field field--error' : 'field'}>
        <label htmlFor="f-document">{T.label}</label>
        <p className="field__hint" id="f-document-hint">
          {T.hint}
        </p>
        <input
          id="f-document"
          type="file"
          name="file"
          accept={CLAIM_FILE_ACCEPT}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'f-document-hint f-document-error' : 'f-document-hint'}
          autoFocus={error ? true : undefined}
        />
        {error && (
          <p className="field__error" id="f-document-error">
            {messageIn(locale, error)}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn--primary">
        {T.submit}
      </button>
    </form>
  )
}
