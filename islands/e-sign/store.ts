import { proxy } from 'valtio'
import type { ESignFieldErrors, ESignProps } from '../../shared/esign/schemas/esign'
import { emptyValues, validateESign, type ESignValues } from '../../shared/esign/submission'

export interface ESignState {
  values: ESignValues
  /** Messages shown beside the fields; empty until the first Sign Now (lazy validation). */
  errors: ESignFieldErrors
  /** Sign Now was pressed at least once: from then on, messages follow the entries as they change. */
  attempted: boolean
  /** The post is in flight: the spinner shows and Sign Now does nothing more. */
  submitting: boolean
  termsOpen: boolean
  /** The server's message for a Sign Now that could not be done (our store failed, decision 144); '' otherwise. */
  failure: string
  /** The Idempotency-Key of the current submission: sending the same one again keeps it. */
  attempt: { sameAs: string; key: string } | null
}

/** A fresh store per island root (never a module-level proxy: the server renders many requests). */
export function createESignStore(props: Pick<ESignProps, 'statements' | 'values' | 'errors'>) {
  const values = props.values
    ? {
        initials: props.statements.map((_, i) => props.values?.initials[i] ?? ''),
        agreeToTerms: props.values.agreeToTerms,
        applicantSignature: props.values.applicantSignature,
      }
    : emptyValues(props.statements.length)
  const errors = props.errors ?? {}
  return proxy<ESignState>({
    values,
    errors,
    attempted: Object.keys(errors).length > 0,
    submitting: false,
    termsOpen: false,
    failure: '',
    attempt: null,
  })
}

export type ESignStore = ReturnType<typeof createESignStore>

type Facts = Pick<ESignProps, 'policyId' | 'facts' | 'statements'>

/** After the first Sign Now, an entry that becomes valid loses its message (and a new problem shows). */
function revalidate(store: ESignStore, props: Facts): void {
  if (store.attempted) store.errors = validateESign(props, store.values).errors
}

export function setInitials(store: ESignStore, props: Facts, index: number, value: string): void {
  store.values.initials[index] = value
  revalidate(store, props)
}

export function setAgree(store: ESignStore, props: Facts, checked: boolean): void {
  store.values.agreeToTerms = checked
  revalidate(store, props)
}

export function setSignature(store: ESignStore, props: Facts, value: string): void {
  store.values.applicantSignature = value
  revalidate(store, props)
}

/** Sign Now: validates everything; returns the submission when it may be sent. */
export function attemptSign(store: ESignStore, props: Facts) {
  store.attempted = true
  const result = validateESign(props, store.values)
  store.errors = result.errors
  return result
}
