import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { PaymentContext, PaymentField } from '../../shared/payments/schemas/payment'
import { caretAfter, meaningfulBefore } from './caret'
import { fieldId } from './fields'
import { setField, type PaymentStore, type TextField } from './store'

/**
 * The focus after a Submit (the first field in error, once the messages are rendered) and the caret
 * of a masked field (a mask that added or removed spaces puts it back after the same digits).
 */
export function useFieldFocus(store: PaymentStore, ctx: PaymentContext) {
  const [focusRequest, setFocusRequest] = useState(0)
  const pendingFocus = useRef<PaymentField | null>(null)
  const caret = useRef<{ el: HTMLInputElement; at: number } | null>(null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: focusRequest is the trigger; the field to focus waits in a ref
  useEffect(() => {
    const field = pendingFocus.current
    if (!field) return
    pendingFocus.current = null
    document.getElementById(fieldId(field))?.focus()
  }, [focusRequest])

  useLayoutEffect(() => {
    const c = caret.current
    if (!c) return
    caret.current = null
    if (document.activeElement === c.el) c.el.setSelectionRange(c.at, c.at)
  })

  const focusFirst = (field: PaymentField | undefined) => {
    pendingFocus.current = field ?? null
    setFocusRequest((n) => n + 1)
  }

  const onType = (field: TextField) => (value: string, e?: { target: HTMLInputElement }) => {
    const el = e?.target
    const before = el && el.selectionStart !== null ? meaningfulBefore(value, el.selectionStart) : null
    setField(store, ctx, field, value)
    if (el && before !== null) caret.current = { el, at: caretAfter(store.values[field], before) }
  }

  return { focusFirst, onType }
}
