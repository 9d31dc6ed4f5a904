import { useLayoutEffect } from 'react'
import type { PaymentContext } from '../../shared/payments/schemas/payment'
import { fieldId } from './fields'
import { setField, type PaymentStore, type TextField } from './store'

/**
 * What a person typed into the server-rendered form before the island hydrated (a slow phone after a
 * storm) is taken into the store once, on the first render, instead of being wiped by the empty state.
 * Nothing is lost; the masks apply to it as to anything typed.
 */
export function useTypedBeforeHydration(store: PaymentStore, ctx: PaymentContext): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration; the store and context are fixed for the island's life
  useLayoutEffect(() => {
    for (const field of Object.keys(store.values) as TextField[]) {
      if (typeof store.values[field] !== 'string') continue
      const el = document.getElementById(fieldId(field)) as HTMLInputElement | HTMLSelectElement | null
      if (el && el.value !== '' && el.value !== store.values[field]) setField(store, ctx, field, el.value)
    }
  }, [])
}
