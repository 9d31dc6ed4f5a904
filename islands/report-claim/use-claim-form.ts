import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react'
import { claimFieldErrors } from '../../shared/claims/schemas/claim-fields'
import type { FloodClaimSubmission } from '../../shared/claims/schemas/claim-flood'
import type { HomeownersClaimSubmission } from '../../shared/claims/schemas/claim-homeowners'
import type { ReportClaimProps } from '../../shared/claims/schemas/claim-props'
import { suppressStrayBackspace } from './backspace'
import { goTo } from '../ui/navigate'
import { logToServer, refusedForContent, submitClaim, UNEXPECTED_RESPONSE, uploadFile } from './submit-claim'
import { useClaimDraft } from './draft'
import { chosenFileProblem, MAX_CLAIM_FILES, UPLOAD_MSG } from '../../shared/claims/uploads'
import type { AttemptSlot } from '../ui/api'
import { fill } from '../../shared/i18n/catalog'
import type { ClaimFormState } from './store'

type Submission = FloodClaimSubmission | HomeownersClaimSubmission
type Parse = { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }

export interface Validation {
  ok: boolean
  errors: Record<string, string>
  submission: Submission
}

/**
 * A chosen file and its upload (decision 169): each is sent on its own as soon as it is chosen. `slot`
 * keeps its Idempotency-Key across a Retry; `message` says why it failed; `retry` is offered unless the
 * server refused the file itself.
 */
export interface ChosenFile {
  id: number
  slot: AttemptSlot
  file: File
  status: 'uploading' | 'uploaded' | 'failed'
  fileId?: string
  message?: string
  retry?: boolean
}

let nextFileId = 0

/** Builds the submission and checks it with the form's schema. */
export function validation(submission: Submission, parse: (s: Submission) => Parse): Validation {
  const parsed = parse(submission)
  return { ok: parsed.success, errors: parsed.success ? {} : claimFieldErrors(parsed.error), submission }
}

/**
 * What both forms do alike (spec 001 sections 2 and 4): lazy validation (messages appear on Report
 * Claim and then follow the entries), focus to the first field in error, the confirm modal, the submit
 * and its outcome, and the Backspace guard. `validate` reads the store when called.
 */
export function useClaimForm<V extends object>(store: ClaimFormState<V>, props: ReportClaimProps, validate: () => Validation, restored = () => {}) {
  const formRef = useRef<HTMLFormElement>(null)
  const failureRef = useRef<HTMLDivElement>(null)
  const leaveRef = useRef<HTMLDivElement>(null)
  const [focusRequest, setFocusRequest] = useState(0)
  const [failureShown, setFailureShown] = useState(0)
  const [files, setFiles] = useState<ChosenFile[]>([])
  const [fileError, setFileError] = useState('')
  const [leaving, setLeaving] = useState(false)
  const draft = useClaimDraft(store.values, props.draftUrl, () => {
    restored()
    formRef.current?.querySelector<HTMLElement>('input')?.focus()
  })

  useEffect(() => {
    if (leaving) leaveRef.current?.focus()
  }, [leaving])

  useEffect(() => {
    document.addEventListener('keydown', suppressStrayBackspace)
    return () => document.removeEventListener('keydown', suppressStrayBackspace)
  }, [])

  // Focus moves to the first field in error (document order) once its message is on the screen.
  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[data-invalid]')?.focus()
  }, [focusRequest])

  // A failed send: focus goes to the message (what was typed stays in the form).
  useEffect(() => {
    if (failureShown > 0) failureRef.current?.focus()
  }, [failureShown])

  const changed = () => {
    if (store.attempted) store.errors = validate().errors
  }

  const reportClaim = (e: FormEvent) => {
    e.preventDefault()
    if (store.submitting) return
    store.attempted = true
    const result = validate()
    store.errors = result.errors
    if (!result.ok) {
      setFocusRequest((n) => n + 1)
      return
    }
    store.confirmOpen = true
  }

  const cancelConfirm = () => {
    store.confirmOpen = false
  }

  const confirm = async () => {
    store.confirmOpen = false
    const result = validate()
    if (!result.ok || store.submitting) return
    if (files.some((f) => f.status !== 'uploaded')) {
      setFileError(props.texts.filesPending)
      return
    }
    store.submitting = true
    store.submitFailed = ''
    store.submitMessage = ''
    draft.pause()
    let leaving = false
    let refused = false
    try {
      const outcome = await submitClaim(
        props.submitUrl,
        result.submission,
        files.map((f) => f.fileId!),
        store,
      )
      if (outcome.kind === 'success') {
        leaving = true
        goTo(props.systemMessageUrl)
        return
      }
      store.submitMessage = outcome.message ?? ''
      if (Object.keys(outcome.fieldErrors).length > 0) store.errors = outcome.fieldErrors
      if (refusedForContent(outcome.status)) store.attempt = null
      refused = outcome.status === 403
      console.error(`[report-claim] ${UNEXPECTED_RESPONSE}`, outcome.status)
      void logToServer(props.logUrl, UNEXPECTED_RESPONSE, 'reportClaim')
    } catch (err) {
      console.error('[report-claim] the claim could not be sent', err)
      void logToServer(props.logUrl, 'claim submit failed', 'reportClaim')
    } finally {
      if (!leaving) {
        draft.resume()
        store.submitting = false
        store.submitFailed = refused ? 'refused' : 'retry'
        setFailureShown((n) => n + 1)
      }
    }
  }

  const update = (id: number, change: Partial<ChosenFile>) => setFiles((all) => all.map((f) => (f.id === id ? { ...f, ...change } : f)))

  /** Uploads one chosen file; its line says how it went. */
  const upload = async (entry: ChosenFile) => {
    update(entry.id, { status: 'uploading', message: '' })
    try {
      const answer = await uploadFile(props.submitUrl.split('?')[0]!.replace('FirstNoticeOfLoss', 'ClaimFile'), entry.file, entry.slot)
      if ('fileId' in answer) update(entry.id, { status: 'uploaded', fileId: answer.fileId })
      else update(entry.id, { status: 'failed', message: answer.message || props.texts.uploadFailed, retry: !answer.refused })
    } catch {
      update(entry.id, { status: 'failed', message: props.texts.uploadFailed, retry: true })
    }
  }

  /**
   * New files join the list unless the list would pass the limit (then the message says why); each is
   * checked (size, type by its type or name) and, when fine, uploaded at once.
   */
  const addFiles = (chosen: readonly File[]) => {
    const tooMany = files.length + chosen.length > MAX_CLAIM_FILES
    setFileError(tooMany ? UPLOAD_MSG.tooMany : '')
    if (tooMany) return
    const added = chosen.map((file): ChosenFile => {
      const problem = chosenFileProblem(file, {
        tooBig: (name) => fill(props.texts.fileTooBig, { name }),
        empty: (name) => fill(props.texts.fileEmpty, { name }),
        wrongType: (name) => fill(props.texts.fileWrongType, { name }),
      })
      return { id: nextFileId++, file, slot: { attempt: null }, status: problem ? 'failed' : 'uploading', ...(problem ? { message: problem } : {}) }
    })
    setFiles((all) => [...all, ...added])
    for (const entry of added) if (entry.status === 'uploading') void upload(entry)
  }
  const removeFile = (id: number) => {
    setFiles((all) => all.filter((f) => f.id !== id))
    setFileError('')
  }
  const retryFile = (entry: ChosenFile) => void upload(entry)

  /** Cancel: straight to the policy when nothing was kept, else asks whether to discard the claim. */
  const cancel = (e: MouseEvent) => {
    if (!draft.exists()) return
    e.preventDefault()
    setLeaving(true)
  }
  const leave = async () => {
    await draft.discard()
    goTo(props.cancelUrl)
  }

  return {
    formRef,
    failureRef,
    changed,
    reportClaim,
    cancelConfirm,
    confirm,
    files,
    fileError,
    addFiles,
    removeFile,
    retryFile,
    draft,
    leaving,
    leaveRef,
    cancel,
    leave,
    keepEditing: () => setLeaving(false),
  }
}
