import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react'
import { claimFieldErrors } from '../../shared/schemas/claim-fields'
import type { FloodClaimSubmission } from '../../shared/schemas/claim-flood'
import type { HomeownersClaimSubmission } from '../../shared/schemas/claim-homeowners'
import type { ReportClaimProps } from '../../shared/schemas/claim-props'
import { suppressStrayBackspace } from './backspace'
import { goTo } from '../ui/navigate'
import { logToServer, refusedForContent, submitClaim, UNEXPECTED_RESPONSE } from './submit-claim'
import { useClaimDraft } from './draft'
import { uploadProblem } from '../../shared/claims/uploads'
import type { ClaimFormState } from './store'

type Submission = FloodClaimSubmission | HomeownersClaimSubmission
type Parse = { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }

export interface Validation {
  ok: boolean
  errors: Record<string, string>
  submission: Submission
}

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
  const [files, setFiles] = useState<File[]>([])
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
    store.submitting = true
    store.submitFailed = ''
    store.submitMessage = ''
    draft.pause()
    let leaving = false
    let refused = false
    try {
      const outcome = await submitClaim(props.submitUrl, result.submission, files, store)
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

  /** New files join the list unless the list would break the limits (then the message says why). */
  const addFiles = (chosen: readonly File[]) => {
    const next = [...files, ...chosen]
    const problem = uploadProblem(next)
    setFileError(problem ?? '')
    if (!problem) setFiles(next)
  }
  const removeFile = (index: number) => {
    setFiles(files.filter((_, i) => i !== index))
    setFileError('')
  }

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
    draft,
    leaving,
    leaveRef,
    cancel,
    leave,
    keepEditing: () => setLeaving(false),
  }
}
