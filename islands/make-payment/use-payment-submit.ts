import { useRef, type FormEvent } from 'react'
import type { MakePaymentProps } from '../../shared/payments/schemas/payment-props'
import { firstPaymentError, type PaymentContext, type PaymentField } from '../../shared/payments/schemas/payment'
import { buildPaymentPayload, buildSavedPaymentPayload } from '../../shared/payments/payload'
import { SAVE_CONSENT_VERSION } from '../../shared/payments/saved-methods'
import { goTo } from '../ui/navigate'
import { attemptSubmit, chosenOf, forgetCardSecrets, type Notice, type PaymentStore } from './store'
import { logToServer, submitPayment, UNEXPECTED_RESPONSE, type PaymentAnswer } from './submit'

interface SubmitDeps {
  props: MakePaymentProps
  store: PaymentStore
  ctx: PaymentContext
  /** The NACHA text shown for a check payment, sent with it. */
  authorizationText: string
  focusFirst: (field: PaymentField | undefined) => void
}

/** Submit: validate, send once per attempt with the spinner, and show what came back. */
export function usePaymentSubmit({ props, store, ctx, authorizationText, focusFirst }: SubmitDeps) {
  const noticeRef = useRef<HTMLDivElement>(null)

  const showNotice = (kind: Notice['kind'], text: string) => {
    store.notice = { kind, text }
    requestAnimationFrame(() => noticeRef.current?.focus())
  }

  /** Whether the page is leaving (the spinner stays until it has). */
  const showAnswer = (answer: PaymentAnswer, card: boolean): boolean => {
    switch (answer.kind) {
      case 'success':
      case 'failure':
        // The server put the text on the system-message page (a success for 200, an error for 202).
        goTo(props.systemMessageUrl)
        return true
      case 'refused':
        // Declined or not processed, nothing charged: said here, the typed card kept in memory for the retry.
        store.refused = { text: answer.text, method: chosenOf(store)?.kind ?? (store.values.type === 'creditCard' ? 'card' : 'bank') }
        return false
      case 'invalid':
        store.attempted = true
        store.errors = answer.errors
        // A saved method the server no longer takes (removed, expired): said above the form.
        if (answer.errors.type) showNotice('error', props.messages?.[answer.errors.type] ?? answer.errors.type)
        else focusFirst(firstPaymentError(answer.errors, chosenOf(store)?.kind === 'bank' ? 'check' : store.values.type, props.emailOnFile))
        return false
      case 'unavailable':
        // Our store failed: everything stays as typed (the card too) for the retry the message asks
        // for, which sends the same Idempotency-Key and so pays at most once.
        console.error(`[make-payment] ${UNEXPECTED_RESPONSE}`, 503)
        void logToServer(props.logUrl, `${UNEXPECTED_RESPONSE} 503`, 'submitPayment')
        showNotice('error', answer.message)
        return false
      case 'paused':
        // Too many payments not accepted (issue 20 item 2): nothing was sent to the processor.
        if (card) forgetCardSecrets(store)
        showNotice('error', answer.message)
        return false
      case 'unexpected':
        console.error(`[make-payment] ${UNEXPECTED_RESPONSE}`, answer.status)
        void logToServer(props.logUrl, `${UNEXPECTED_RESPONSE} ${answer.status}`, 'submitPayment')
        if (card) forgetCardSecrets(store)
        showNotice('error', card ? props.texts.unexpectedCard : props.texts.unexpected)
        return false
    }
  }

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (store.submitting) return
    store.notice = null
    if (props.totalDueCents <= 0) return showNotice('info', props.texts.paidInFull)
    const result = attemptSubmit(store, ctx)
    const typeNow = () => {
      const chosen = chosenOf(store)
      return chosen ? (chosen.kind === 'card' ? 'creditCard' : 'check') : store.values.type
    }
    if (!result.ok) return focusFirst(firstPaymentError(result.errors, typeNow(), props.emailOnFile))

    const facts = { policyId: props.policyId, emailOnFile: props.emailOnFile, authorizationText }
    const chosen = chosenOf(store)
    const payload = chosen
      ? buildSavedPaymentPayload(chosen, result.values.amount, { ...facts, email: result.values.email, authorizeDebit: result.values.authorizeDebit })
      : {
          ...buildPaymentPayload(result.values, facts),
          ...(props.canSave && store.save ? { saveMethod: { consent: true, version: SAVE_CONSENT_VERSION, nickname: store.nickname.trim() } } : {}),
        }
    const card = payload.type === 'creditCard' && !chosen
    store.submitting = true
    let leaving = false
    try {
      leaving = showAnswer(await submitPayment(props.postUrl, payload, store), card)
    } catch (err) {
      // A network error or the 30 s timeout: whether it was paid is unknown; the same key retries it.
      console.error('[make-payment] the payment post failed', err instanceof Error ? err.name : 'error')
      void logToServer(props.logUrl, 'payment post failed', 'submitPayment')
      if (card) forgetCardSecrets(store)
      showNotice('error', card ? props.texts.networkCard : props.texts.network)
    } finally {
      if (!leaving) store.submitting = false
    }
  }

  return { onSubmit, noticeRef }
}
