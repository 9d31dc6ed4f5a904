import { act, fireEvent, screen } from '@testing-library/react'
import type { MakePaymentProps } from '../../shared/payments/schemas/payment-props'
import { makePaymentTexts } from '../../shared/payments/texts/make-payment'
import { amountRule } from '../../shared/payments/amount'

/** The island's English texts as the page gives them (issue 36: the texts come from the page). */
function englishTexts(p: Pick<MakePaymentProps, 'isFlood' | 'totalDueCents' | 'pastDueCents' | 'amountReadOnly' | 'policyId' | 'supportPhone' | 'today'>) {
  const rule = amountRule({ isFlood: p.isFlood, totalDueCents: p.totalDueCents, pastDueCents: p.pastDueCents })
  return makePaymentTexts('en', {
    rule,
    amountReadOnly: p.amountReadOnly,
    isFlood: p.isFlood,
    policyId: p.policyId,
    supportPhone: p.supportPhone,
    today: p.today,
  })
}

/** Shared setup of the make-payment island tests. */
const baseFacts = {
  policyId: 'BLD4050001',
  family: 'homeowners',
  isFlood: false,
  totalDueCents: 72000,
  pastDueCents: 12000,
  dueCents: 24000,
  amountReadOnly: false,
  emailOnFile: true,
  supportPhone: '1-800-555-0134',
  today: '2026-11-15',
  postUrl: '/v1/homeowners/MakePayment/BLD4050001',
  formAction: '/make-payment',
  cancelUrl: '/policy-information',
  systemMessageUrl: '/system-message',
  logUrl: '/v1/common/Log',
} as const

export const baseProps: MakePaymentProps = { ...baseFacts, texts: englishTexts(baseFacts) }

const floodFacts = {
  ...baseFacts,
  policyId: 'FLD4010003',
  family: 'flood',
  isFlood: true,
  totalDueCents: 142300,
  pastDueCents: 0,
  dueCents: 142300,
  postUrl: '/v1/flood/MakePayment/FLD4010003',
} as const

export const floodProps: MakePaymentProps = { ...floodFacts, texts: englishTexts(floodFacts) }

export const field = (label: string) => screen.getByLabelText(`${label} *`) as HTMLInputElement & HTMLSelectElement

export function type(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } })
}

export async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Submit Payment' }))
  })
}

export function tab(name: 'Credit Card' | 'Check') {
  return screen.getByRole('tab', { name })
}

export function fillBilling() {
  type('Name on Account', 'Casey Whitfield')
  type('Billing Address', '3400 Habersham Road NW')
  type('Billing City', 'Atlanta')
  type('Billing State', 'GA')
  type('Billing Zip Code', '30305')
}

export function fillCard(number = '4111111111111111', cvv = '123') {
  type('Credit Card Number', number)
  type('Expiration Month', '07')
  type('Expiration Year', '2029')
  type('CVV', cvv)
}

export function fillCheck() {
  fireEvent.click(tab('Check'))
  type('Routing Number', '021000021')
  type('Check Number', '1001')
  type('Account Number', '000123456789')
  fireEvent.click(screen.getByLabelText('I agree to this authorization *'))
}

/** The error message tied to a field by aria-describedby. */
export function errorOf(label: string): string | null {
  const el = field(label)
  const ids = (el.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'))
  return ids.length ? (document.getElementById(ids[0]!)?.textContent ?? null) : null
}
