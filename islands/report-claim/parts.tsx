import { useEffect, useRef, useState, type MouseEvent, type RefObject } from 'react'
import { CLAIM_FILE_ACCEPT } from '../../shared/claims/uploads'
import type { ChosenFile } from './use-claim-form'
import { ErrorText } from './fields'
import { reportTimestamp } from '../../shared/claims/dates'
import type { ReportClaimProps } from '../../shared/claims/schemas/claim-props'
import type { ReportClaimIslandTexts } from '../../shared/claims/texts/report-claim-island'
import { PhoneLink } from './dialogs'
import { formatFileSize } from '../../shared/format'
import { fileLook, filesAnnouncement } from './file-list'
import { useClaimTexts, useMessageIn } from './texts'

/** Policy id and report date/time (spec 001 section 2: both forms show them). */
export function ReportFacts({ props }: { props: ReportClaimProps }) {
  const t = useClaimTexts()
  return (
    <dl className="claim-facts">
      <div>
        <dt>{t.policyNumber}</dt>
        <dd>{props.policyId}</dd>
      </div>
      <div>
        <dt>{t.dateReported}</dt>
        <dd>{reportTimestamp(props.reportedAt, props.state, props.locale)}</dd>
      </div>
    </dl>
  )
}

/** Server messages (matrix Messages, seed ErrorMessages and the empty-result texts) listed at the top. */
export function ServerMessages({ messages, onRetry }: { messages: readonly string[]; onRetry?: (() => void) | null }) {
  const t = useClaimTexts()
  const messageIn = useMessageIn()
  if (messages.length === 0) return null
  return (
    <div className="alert alert--error claim-server-messages" role="alert">
      {/* One block beside the alert's icon (an alert is a flex row: loose children would sit side by side). */}
      <div>
        <p>{t.serverMessagesHeading}</p>
        <ul>
          {messages.map((m) => (
            <li key={m}>{messageIn(m)}</li>
          ))}
        </ul>
        {onRetry && (
          <button type="button" className="btn btn--secondary" onClick={onRetry}>
            {t.tryAgain}
          </button>
        )}
      </div>
    </div>
  )
}

export interface ActionsForm {
  failureRef: RefObject<HTMLDivElement | null>
  leaveRef: RefObject<HTMLDivElement | null>
  leaving: boolean
  cancel(e: MouseEvent): void
  leave(): void
  keepEditing(): void
}

export function FormActions({
  props,
  form,
  submitFailed,
  submitMessage,
  submitting,
  disabledHint,
}: {
  props: ReportClaimProps
  form: ActionsForm
  submitFailed: '' | 'retry' | 'refused'
  /** The server's own message for a refused claim. */
  submitMessage?: string
  submitting: boolean
  /** When set, Report Claim is marked disabled and this says why. */
  disabledHint?: string | null
}) {
  const t = useClaimTexts()
  const messageIn = useMessageIn()
  return (
    <>
      {submitFailed && (
        <div className="alert alert--error" role="alert" tabIndex={-1} ref={form.failureRef}>
          <div>
            {submitMessage ? <p>{messageIn(submitMessage)}</p> : null}
            <p>
              {submitFailed === 'refused' ? t.refusedHelp : t.submitFailed} <PhoneLink phone={props.claimsPhone} />.
            </p>
          </div>
        </div>
      )}
      {disabledHint && (
        <p className="field__hint" id="claim-report-hint">
          {disabledHint}
        </p>
      )}
      {form.leaving && (
        <div className="alert alert--warning claim-leave" role="alert" tabIndex={-1} ref={form.leaveRef}>
          <div>
            <p>{t.cancelQuestion}</p>
            <div className="actions">
              <button type="button" className="btn btn--primary" onClick={form.leave}>
                {t.cancelConfirm}
              </button>
              <button type="button" className="btn btn--secondary" onClick={form.keepEditing}>
                {t.cancelKeep}
              </button>
            </div>
          </div>
        </div>
      )}
      <div className="actions">
        <a className="btn btn--secondary" href={props.cancelUrl} onClick={form.cancel}>
          {t.cancel}
        </a>
        <button
          type="submit"
          className="btn btn--primary"
          aria-disabled={disabledHint || submitting ? true : undefined}
          aria-describedby={disabledHint ? 'claim-report-hint' : undefined}
        >
          {t.reportClaim}
        </button>
      </div>
      <div className="visually-hidden" role="status" aria-live="polite">
        {submitting ? t.submitting : ''}
      </div>
    </>
  )
}

/** 'Continue your claim' / discard, above the form while the server holds a draft. */
export function DraftOffer({ onContinue, onDiscard }: { onContinue(): void; onDiscard(): void }) {
  const t = useClaimTexts()
  return (
    <section className="alert alert--info claim-draft" aria-labelledby="claim-draft-offer">
      <div>
        <p id="claim-draft-offer">{t.draftOffer}</p>
        <div className="actions">
          <button type="button" className="btn btn--primary" onClick={onContinue}>
            {t.draftContinue}
          </button>
          <button type="button" className="btn btn--secondary" onClick={onDiscard}>
            {t.draftDiscard}
          </button>
        </div>
      </div>
    </section>
  )
}

/**
 * Photos and files: each uploaded as soon as it is chosen, its line saying how it went (decision 169), and
 * shown as a thumbnail (a PDF as an icon) with its name, size and Remove (decision 227). As served (and so
 * without JavaScript) the field is the browser's own file input; once hydrated, the same input is laid
 * over an 'Add photos or files' button, so a click or a tap still opens the system's picker and the label,
 * hint and errors stay the input's. What changes is said once in a polite live region.
 */
export function FilesSection({
  files,
  error,
  onAdd,
  onRemove,
  onRetry,
}: {
  files: readonly ChosenFile[]
  error: string
  onAdd(files: File[]): void
  onRemove(id: number): void
  onRetry(file: ChosenFile): void
}) {
  const t = useClaimTexts()
  const messageIn = useMessageIn()
  const [enhanced, setEnhanced] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const addFirst = useRef(onAdd)
  useEffect(() => {
    // Files chosen in the served input before the island woke are taken, not lost with that input.
    const early = inputRef.current?.files
    if (early && early.length > 0) addFirst.current(Array.from(early))
    setEnhanced(true)
  }, [])
  const announcement = useFilesAnnouncement(files, t, messageIn)
  const input = (
    <input
      ref={inputRef}
      id="claim-files"
      type="file"
      multiple
      accept={CLAIM_FILE_ACCEPT}
      className={enhanced ? 'file-picker__input' : undefined}
      aria-describedby={error ? 'claim-files-hint claim-files-error' : 'claim-files-hint'}
      aria-invalid={error ? true : undefined}
      onChange={(e) => {
        onAdd(Array.from(e.target.files ?? []))
        e.target.value = ''
      }}
    />
  )
  const remove = (id: number) => {
    onRemove(id)
    // The pressed button goes with its line: focus returns to the picker rather than to the page's top.
    inputRef.current?.focus()
  }
  return (
    <section className="card claim-section" aria-labelledby="claim-files-heading">
      <h2 id="claim-files-heading">{t.filesHeading}</h2>
      <div className="field">
        {enhanced ? null : <label htmlFor="claim-files">{t.filesLabel}</label>}
        <p className="field__hint" id="claim-files-hint">
          {t.filesHint}
        </p>
        {enhanced ? (
          <label className="btn btn--secondary file-picker" htmlFor="claim-files">
            <span className="file-picker__icon" aria-hidden="true" />
            {t.filesLabel}
            {input}
          </label>
        ) : (
          input
        )}
        <ErrorText id="claim-files" error={error} />
      </div>
      {files.length > 0 && (
        <ul className="claim-files" aria-label={t.filesChosen}>
          {files.map((f) => (
            <li key={f.id} className="claim-file">
              <FilePicture file={f.file} />
              <span className="claim-file__text">
                <span className="claim-file__name">{f.file.name}</span>
                <span className="claim-file__meta">
                  {formatFileSize(f.file.size)}
                  {f.status === 'failed' ? null : ` · ${f.status === 'uploaded' ? t.uploaded : t.uploading}`}
                </span>
                {f.status === 'failed' && <span className="field__error claim-file__error">{messageIn(f.message)}</span>}
              </span>
              <span className="claim-file__actions">
                {f.retry && f.status === 'failed' && (
                  <button type="button" className="btn btn--link" aria-label={`${t.retry} ${f.file.name}`} onClick={() => onRetry(f)}>
                    {t.retry}
                  </button>
                )}
                <button type="button" className="btn btn--link" aria-label={`${t.remove} ${f.file.name}`} onClick={() => remove(f.id)}>
                  {t.remove}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="claim-files-status">
        {announcement}
      </div>
    </section>
  )
}

/** The last change to the list, as a sentence for the live region. */
function useFilesAnnouncement(files: readonly ChosenFile[], t: ReportClaimIslandTexts, messageIn: (m: string) => string | undefined): string {
  const before = useRef(files)
  const [said, setSaid] = useState('')
  useEffect(() => {
    const sentence = filesAnnouncement(before.current, files, t, messageIn)
    before.current = files
    if (sentence) setSaid(sentence)
  }, [files, t, messageIn])
  return said
}

/**
 * A photo's thumbnail from an object URL made for it and revoked when its line goes (Remove, or the form
 * leaving the page); a PDF, or a photo the browser cannot draw (HEIC), as an icon.
 */
function FilePicture({ file }: { file: File }) {
  const t = useClaimTexts()
  const look = fileLook(file)
  const [url, setUrl] = useState<string | null>(null)
  const [broken, setBroken] = useState(false)
  useEffect(() => {
    if (look !== 'thumbnail') return
    const made = URL.createObjectURL(file)
    setUrl(made)
    return () => URL.revokeObjectURL(made)
  }, [file, look])
  if (look === 'thumbnail' && url && !broken) {
    return <img className="claim-file__thumb" src={url} alt="" width="64" height="64" onError={() => setBroken(true)} />
  }
  const icon = look === 'pdf' ? 'pdf' : look === 'file' ? 'file' : 'photo'
  return (
    <span className={`claim-file__thumb claim-file__icon claim-file__icon--${icon}`} aria-hidden="true">
      {icon === 'pdf' ? t.pdfIcon : icon === 'file' ? t.fileIcon : t.photoIcon}
    </span>
  )
}
