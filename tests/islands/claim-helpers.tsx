import { act, fireEvent, screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import { reportClaimPropsSchema, type ReportClaimProps } from '../../shared/claims/schemas/claim-props'
import type { ClaimSeedData, ClaimsMatrixRow } from '../../shared/claims/api-shapes'
import { instantOf } from '../support/instant'
import { reportClaimIslandTexts } from '../../shared/claims/texts/report-claim-island'

/** Shared fixtures of the report-claim island tests. The clock is fixed: 2026-11-23 09:20 in the policy's state. */

const TODAY = '2026-11-23'
export const NOW_TX = instantOf(TODAY, '09:20', 'TX')
export const NOW_FL = instantOf(TODAY, '09:20', 'FL')

export function homeownersProps(over: Partial<ReportClaimProps> = {}): ReportClaimProps {
  return reportClaimPropsSchema.parse({
    policyId: 'HOM4020001',
    family: 'homeowners',
    planId: 'HO5',
    state: 'TX',
    policyStatus: 'Active',
    policyPeriod: { effectiveDate: '2026-06-01', expirationDate: '2027-06-01' },
    reportedAt: NOW_TX,
    insured: { firstName: 'Sam', lastName: 'Okafor', homePhone: '512-555-0176', email: 'sam.single@example.com' },
    riskAddress: { address: '8804 Shoal Creek Boulevard', city: 'Austin', state: 'TX', zipCode: '78757' },
    claimsPhone: '1-800-555-0199',
    matrixUrl: '/v1/homeowners/GetClaimsMatrix',
    seedUrl: '/v1/homeowners/GetPolicySeedDataForClaim',
    submitUrl: '/v1/homeowners/FirstNoticeOfLoss/HOM4020001',
    cancelUrl: '/policy-information',
    systemMessageUrl: '/system-message',
    logUrl: '/v1/common/Log',
    locale: 'en',
    texts: reportClaimIslandTexts.en,
    messages: {},
    ...over,
  })
}

export function floodProps(over: Partial<ReportClaimProps> = {}): ReportClaimProps {
  return homeownersProps({
    policyId: 'FLD4040005',
    family: 'flood',
    planId: 'MP3',
    state: 'FL',
    policyPeriod: { effectiveDate: '2026-07-01', expirationDate: '2027-07-01' },
    reportedAt: NOW_FL,
    insured: { firstName: 'Erin', lastName: 'Castellano', homePhone: '9195550164', email: 'erin.edge@example.com' },
    riskAddress: { address: '118 Harbor Drive', city: 'Key Largo', state: 'FL', zipCode: '33037' },
    matrixUrl: '/v1/flood/GetClaimsMatrix',
    seedUrl: '/v1/flood/GetPolicySeedDataForClaim',
    submitUrl: '/v1/flood/FirstNoticeOfLoss/FLD4040005',
    ...over,
  })
}

export const MATRIX: ClaimsMatrixRow[] = [
  { Id: 101, PerilDescription: 'Water Damage', SubPerilDescription: 'Burst or frozen pipe', WeatherRelated: 1, MitigationRequired: 1 },
  { Id: 102, PerilDescription: 'Water Damage', SubPerilDescription: 'Appliance or plumbing leak', WeatherRelated: 0, MitigationRequired: 1 },
  { Id: 112, PerilDescription: 'Wind/Hail', SubPerilDescription: 'Broken windows or doors', WeatherRelated: 2, MitigationRequired: 2 },
  { Id: 111, PerilDescription: 'Wind/Hail', SubPerilDescription: 'Roof damaged by wind or hail', WeatherRelated: 2, MitigationRequired: 4 },
  { Id: 151, PerilDescription: 'Vandalism', SubPerilDescription: 'Vandalism or malicious mischief', WeatherRelated: 0, MitigationRequired: 2 },
]

export const SEED: ClaimSeedData = {
  PlanId: 'HO5',
  IsPolicyActive: true,
  Exclusions: [],
  endorsements: ['Endorsement HO 04 16 Premises Alarm or Fire Protection System'],
  LocationAddress: '8804 Shoal Creek Boulevard',
  LocationCity: 'Austin',
  LocationState: 'TX',
  LocationZipCode: '78757',
  InsuredFirstName: 'Samuel',
  InsuredLastName: 'Okafor',
  fnolFraudLanguage: {
    Description: 'Any person who knowingly presents a false claim is guilty of a crime.',
    FontName: 'Arial',
    FontSize: '14',
    FontWeight: 'Y',
  },
  Deductibles: { 'All Other Perils': 100000, 'Wind/Hail': 350000, Earthquake: 0 },
  ShellClaim: false,
  mitigationType: 0,
  ErrorMessages: [],
}

/** The spec's answer shape: a JSON string holding the object. */
export const jsonString = (value: unknown) =>
  new Response(JSON.stringify(JSON.stringify(value)), { status: 200, headers: { 'Content-Type': 'application/json' } })

export function type(el: HTMLElement, value: string) {
  fireEvent.change(el, { target: { value } })
}

export function typeAndLeave(el: HTMLElement, value: string) {
  fireEvent.focus(el)
  type(el, value)
  fireEvent.blur(el)
}

export async function click(el: HTMLElement) {
  await act(async () => {
    fireEvent.click(el)
  })
}

export const reportClaim = () => screen.getByRole('button', { name: 'Report Claim' })

/** The field labelled `label` inside the section headed `heading`. */
export function fieldIn(heading: string, label: string | RegExp): HTMLInputElement {
  const section = screen.getByRole('heading', { name: heading, level: 2 }).closest('section')!
  return within(section).getByLabelText(label) as HTMLInputElement
}

/** Issue 35: the emergency-repair company's fields open once the person says a company already came. */
export function openRepairCompany(): void {
  fireEvent.click(fieldIn('Emergency Repairs', 'A company has already made emergency repairs'))
}

/** The message shown for a field, tied to it with aria-describedby. */
function messageOf(el: HTMLElement): string | null {
  const ids = (el.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'))
  return ids.length ? (document.getElementById(ids[0]!)?.textContent ?? null) : null
}

export function expectMessage(el: HTMLElement, text: string) {
  expect(messageOf(el)).toBe(text)
  expect(el.getAttribute('aria-invalid')).toBe('true')
}

/** What a claim post sent (decision 169: JSON): its headers, the submission and the fileIds of its uploaded files. */
export async function sentClaim(call: Parameters<typeof fetch>) {
  const [url, init] = call
  const headers = init!.headers as Record<string, string>
  const raw = init!.body as string
  const { claimSubmission, fileIds } = JSON.parse(raw) as { claimSubmission: Record<string, unknown>; fileIds: string[] }
  return { url, headers, submission: claimSubmission, fileIds, raw }
}
