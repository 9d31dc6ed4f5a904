import { act, fireEvent, screen } from '@testing-library/react'
import type { MakePaymentProps } from '../../shared/payments/schemas/payment-props'

/** Shared setup of the make-payment island tests. */
export const baseProps: MakePaymentProps = {
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
}

export const floodProps: MakePaymentProps = {
  ...baseProps,
  policyId: 'FLD4010003',
  family: 'flood',
  isFlood: true,
  totalDueCents: 142300,
  pastDueCents: 0,
  dueCents: 142300,
  postUrl: '/v1/flood/MakePayment/FLD4010003',
}

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
