import { useRef, type KeyboardEvent, type ReactNode } from 'react'
import { PAYMENT_TYPES, type PaymentType } from '../../shared/payments/schemas/payment'
import type { Texts } from './texts'

const tabId = (type: PaymentType) => `pay-tab-${type}`
const panelId = (type: PaymentType) => `pay-panel-${type}`

/**
 * The payment-method tabs (spec 001: creditCard, the default, and check) with the WAI-ARIA tabs
 * pattern: one tab in the Tab order (the selected one), Left/Right arrows move between tabs and select
 * (wrapping), Home and End go to the first and last. Each tab controls its own panel; the other is hidden.
 */
export function PaymentTabs({
  selected,
  onSelect,
  panels,
  t,
}: {
  selected: PaymentType
  onSelect: (type: PaymentType) => void
  panels: Record<PaymentType, ReactNode>
  t: Texts
}) {
  const tabs = useRef<Partial<Record<PaymentType, HTMLButtonElement | null>>>({})

  const move = (type: PaymentType) => {
    onSelect(type)
    tabs.current[type]?.focus()
  }

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = PAYMENT_TYPES.indexOf(selected)
    const n = PAYMENT_TYPES.length
    const target =
      e.key === 'ArrowRight'
        ? PAYMENT_TYPES[(i + 1) % n]
        : e.key === 'ArrowLeft'
          ? PAYMENT_TYPES[(i - 1 + n) % n]
          : e.key === 'Home'
            ? PAYMENT_TYPES[0]
            : e.key === 'End'
              ? PAYMENT_TYPES[n - 1]
              : undefined
    if (!target) return
    e.preventDefault()
    move(target)
  }

  return (
    <div className="payment-tabs">
      <div role="tablist" aria-label={t.methodHeading} className="payment-tabs__list">
        {PAYMENT_TYPES.map((type) => (
          <button
            key={type}
            ref={(el) => {
              tabs.current[type] = el
            }}
            type="button"
            role="tab"
            id={tabId(type)}
            aria-selected={type === selected}
            aria-controls={panelId(type)}
            tabIndex={type === selected ? 0 : -1}
            className="payment-tabs__tab"
            onClick={() => onSelect(type)}
            onKeyDown={onKeyDown}
          >
            {type === 'creditCard' ? t.tabCard : t.tabCheck}
          </button>
        ))}
      </div>
      {PAYMENT_TYPES.map((type) => (
        <div key={type} role="tabpanel" id={panelId(type)} aria-labelledby={tabId(type)} hidden={type !== selected} className="payment-tabs__panel">
          {panels[type]}
        </div>
      ))}
    </div>
  )
}
