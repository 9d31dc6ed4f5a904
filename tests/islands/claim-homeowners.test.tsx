import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import {
  click,
  expectMessage,
  fieldIn,
  homeownersProps,
  jsonString,
  MATRIX,
  NOW_TX,
  openRepairCompany,
  reportClaim,
  SEED,
  sentClaim,
  type,
  typeAndLeave,
} from './claim-helpers'
import type { ClaimSeedData, ClaimsMatrixRow } from '../../shared/claims/api-shapes'
import { MATRIX_EMPTY_MESSAGE } from '../../shared/claims/messages'

vi.mock('../../islands/ui/navigate', () => ({ goTo: vi.fn() }))
vi.mock('../../islands/report-claim/now', () => ({ now: vi.fn() }))

const { default: ReportClaim } = await import('../../islands/report-claim')
const { now } = await import('../../islands/report-claim/now')

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** Issue 10: the homeowners claim form (spec 001 section 2, section 4 "Homeowners claim flow" steps 1-6, section 5). */

const props = homeownersProps()
let fetchMock: Mock<typeof fetch>
let matrix: { result: ClaimsMatrixRow[]; Messages: string[] }
let seedAnswer: { result: ClaimSeedData | null; message: string }

beforeEach(() => {
  vi.mocked(now).mockReturnValue(NOW_TX)
  matrix = { result: MATRIX, Messages: [] }
  seedAnswer = { result: SEED, message: '' }
  fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input)
    if (url.startsWith(props.matrixUrl)) return jsonString(matrix)
    if (url.startsWith(props.seedUrl)) return jsonString(seedAnswer)
    return new Response('NO ROUTE FOR REQUEST', { status: 404 })
  })
  vi.stubGlobal('fetch', fetchMock)
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const dateOfLoss = () => screen.getByLabelText('Date of Loss *') as HTMLInputElement
const weather = (answer: 'Yes' | 'No') => within(screen.getByRole('radiogroup', { name: /Weather Related Event/ })).getByLabelText(answer)
const cause = () => screen.getByLabelText('Cause of Loss *') as HTMLSelectElement
const detailed = () => screen.getByLabelText('Detailed Cause of Loss *') as HTMLSelectElement
const sameAsInsured = () => screen.getByLabelText('The loss location is the same as the insured location') as HTMLInputElement
const optionsOf = (select: HTMLSelectElement) =>
  Array.from(select.options)
    .slice(1)
    .map((o) => o.text)
const calls = (url: string) => fetchMock.mock.calls.filter(([u]) => String(u).startsWith(url))

/** Enters a date of loss and waits for the matrix and the seed data. */
async function lossDate(value: string) {
  await act(async () => {
    typeAndLeave(dateOfLoss(), value)
  })
  await screen.findByRole('radiogroup', { name: /Weather Related Event/ })
}

async function choose(select: HTMLSelectElement, value: string) {
  await act(async () => {
    fireEvent.change(select, { target: { value } })
  })
}

async function fillValid() {
  await lossDate('2026-11-21')
  await click(weather('No'))
  await choose(cause(), 'Water Damage')
  await choose(detailed(), '101')
  type(screen.getByLabelText('Brief description of Loss/Damages *'), 'A pipe burst in the kitchen.')
  typeAndLeave(fieldIn('Insured Information', 'Home Phone'), '5125550176')
  await choose(fieldIn('Insured Information', 'Preferred Contact Number *') as unknown as HTMLSelectElement, '1')
  type(fieldIn('Insured Information', 'Email *'), 'sam.single@example.com')
  type(fieldIn('Insured Information', 'Confirm Email *'), 'sam.single@example.com')
  type(fieldIn('Reported By', 'Reported By *'), 'Sam Okafor')
  type(fieldIn('Reported By', 'Relationship to Insured *'), 'Self')
  typeAndLeave(fieldIn('Reported By', 'Phone Number *'), '5125550176')
  await click(sameAsInsured())
  await click(within(screen.getByRole('radiogroup', { name: /National Vendor/ })).getByLabelText('No'))
}

describe('homeowners form: the date of loss loads the matrix and the seed data', () => {
  it('asks for the date first, then loads GetClaimsMatrix and GetPolicySeedDataForClaim for (policyId, lossDate)', async () => {
    render(<ReportClaim {...props} />)
    expect(screen.getByText('Enter the date of loss to choose the cause of loss.')).toBeTruthy()
    expect(fetchMock).not.toHaveBeenCalled()
    await lossDate('2026-11-21')
    expect(calls(props.matrixUrl)[0]![0]).toBe('/v1/homeowners/GetClaimsMatrix?policyId=HOM4020001&lossDate=2026-11-21')
    expect(calls(props.seedUrl)[0]![0]).toBe('/v1/homeowners/GetPolicySeedDataForClaim?policyId=HOM4020001&lossDate=2026-11-21')
    expect((calls(props.seedUrl)[0]![1]!.headers as Record<string, string>)['X-Requested-With']).toBe('portal')
    expect(fieldIn('Insured Information', 'First Name').value).toBe('Samuel')
  })

  it('shows the deductibles box without the entries of 0, hidden again when the date is cleared', async () => {
    render(<ReportClaim {...props} />)
    await lossDate('2026-11-21')
    const box = screen.getByRole('region', { name: 'Your Deductibles' })
    expect(box.textContent).toContain('All Other Perils$1,000.00')
    expect(box.textContent).toContain('Wind/Hail$3,500.00')
    expect(box.textContent).not.toContain('Earthquake')
    typeAndLeave(dateOfLoss(), '2026-11-24')
    expectMessage(dateOfLoss(), 'A future date cannot be entered.')
    expect(dateOfLoss().value).toBe('')
    expect(screen.queryByRole('region', { name: 'Your Deductibles' })).toBeNull()
  })

  it('styles the fraud warning from the seed data (weight Y is bold)', async () => {
    render(<ReportClaim {...props} />)
    await lossDate('2026-11-21')
    const fraud = screen.getByText(SEED.fnolFraudLanguage.Description)
    expect(fraud.style.fontWeight).toBe('bold')
    expect(fraud.style.fontSize).toBe('14pt')
    expect(fraud.style.fontFamily).toContain('Arial')
  })

  it("lists the server's Messages and ErrorMessages at the top, and the empty-result texts", async () => {
    matrix = { result: [], Messages: ['Matrix service is slow today.'] }
    seedAnswer = { result: null, message: 'There was an error getting seed data' }
    render(<ReportClaim {...props} />)
    await act(async () => {
      typeAndLeave(dateOfLoss(), '2026-11-21')
    })
    const top = await screen.findByRole('alert')
    const items = within(top)
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    expect(items).toEqual(['Matrix service is slow today.', 'There was an error getting matrix data', 'There was an error getting seed data'])
  })

  it('lists the seed ErrorMessages', async () => {
    seedAnswer = { result: { ...SEED, ErrorMessages: ['The policy is under review.'] }, message: '' }
    render(<ReportClaim {...props} />)
    await lossDate('2026-11-21')
    expect(within(screen.getByRole('alert')).getByText('The policy is under review.')).toBeTruthy()
  })

  it('a failed call shows the empty-result message instead of breaking the form', async () => {
    fetchMock.mockImplementation(async (input) => (String(input).startsWith(props.matrixUrl) ? new Response('', { status: 500 }) : jsonString(seedAnswer)))
    render(<ReportClaim {...props} />)
    await act(async () => {
      typeAndLeave(dateOfLoss(), '2026-11-21')
    })
    expect(await screen.findByText('There was an error getting matrix data')).toBeTruthy()
    expect(calls(props.matrixUrl)).toHaveLength(1)
  })
})

describe('homeowners form: a matrix that fails never dead-ends (issue 18)', () => {
  const tryAgain = () => screen.getByRole('button', { name: 'Try again' })
  const enterDate = async () => {
    await act(async () => {
      typeAndLeave(dateOfLoss(), '2026-11-21')
    })
    await screen.findByText(MATRIX_EMPTY_MESSAGE)
  }

  it("a failed matrix shows 'There was an error getting matrix data' and Try again; Try again asks again in place and draws the fields", async () => {
    let matrixUp = false
    fetchMock.mockImplementation(async (input) => {
      const url = String(input)
      if (url.startsWith(props.matrixUrl)) return matrixUp ? jsonString(matrix) : new Response('', { status: 500 })
      return jsonString(seedAnswer)
    })
    render(<ReportClaim {...props} />)
    type(screen.getByLabelText('Brief description of Loss/Damages *'), 'A pipe burst.')
    await enterDate()
    expect(screen.getByRole('alert').textContent).toContain(MATRIX_EMPTY_MESSAGE)
    expect(screen.queryByRole('radiogroup', { name: /Weather Related Event/ })).toBeNull()
    expect(calls(props.matrixUrl)).toHaveLength(1)

    matrixUp = true
    await click(tryAgain())
    await screen.findByRole('radiogroup', { name: /Weather Related Event/ })
    expect(calls(props.matrixUrl)).toHaveLength(2)
    expect(calls(props.matrixUrl)[1]![0]).toBe('/v1/homeowners/GetClaimsMatrix?policyId=HOM4020001&lossDate=2026-11-21')
    expect(calls(props.seedUrl)).toHaveLength(1) // the seed data came: not asked again
    expect(screen.queryByText(MATRIX_EMPTY_MESSAGE)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
    expect((screen.getByLabelText('Brief description of Loss/Damages *') as HTMLTextAreaElement).value).toBe('A pipe burst.')
    await click(weather('No'))
    expect(optionsOf(cause())).toEqual(['Water Damage', 'Vandalism'])
  })

  it('an empty matrix offers Try again too', async () => {
    matrix = { result: [], Messages: [] }
    render(<ReportClaim {...props} />)
    await enterDate()
    matrix = { result: MATRIX, Messages: [] }
    await click(tryAgain())
    await screen.findByRole('radiogroup', { name: /Weather Related Event/ })
  })

  it('a lost connection is asked again once at once; when it fails again the message and Try again show', async () => {
    fetchMock.mockImplementation(async (input) => {
      if (String(input).startsWith(props.matrixUrl)) throw new TypeError('Failed to fetch')
      return jsonString(seedAnswer)
    })
    render(<ReportClaim {...props} />)
    await enterDate()
    expect(calls(props.matrixUrl)).toHaveLength(2)
    expect(tryAgain()).toBeTruthy()
  })

  it('a date chosen again is not asked again', async () => {
    render(<ReportClaim {...props} />)
    await lossDate('2026-11-21')
    await lossDate('2026-11-20')
    await lossDate('2026-11-21')
    expect(calls(props.matrixUrl).map(([u]) => String(u).slice(-10))).toEqual(['2026-11-21', '2026-11-20'])
  })
})

describe('homeowners form: weather, causes and detailed causes (steps 3-5)', () => {
  it('weather Yes keeps WeatherRelated >= 1, No keeps <= 1; causes de-duplicated by description', async () => {
    render(<ReportClaim {...props} />)
    await lossDate('2026-11-21')
    await click(weather('Yes'))
    expect(optionsOf(cause())).toEqual(['Water Damage', 'Wind/Hail'])
    await click(weather('No'))
    expect(optionsOf(cause())).toEqual(['Water Damage', 'Vandalism'])
  })

  it('a cause filters the detailed causes; a single one is selected automatically', async () => {
    render(<ReportClaim {...props} />)
    await lossDate('2026-11-21')
    await click(weather('Yes'))
    await choose(cause(), 'Wind/Hail')
    expect(optionsOf(detailed())).toEqual(['Broken windows or doors', 'Roof damaged by wind or hail'])
    expect(detailed().value).toBe('')
    await click(weather('No'))
    expect(screen.queryByLabelText('Detailed Cause of Loss *')).toBeNull()
    await choose(cause(), 'Vandalism')
    expect(optionsOf(detailed())).toEqual(['Vandalism or malicious mischief'])
    expect(detailed().value).toBe('151')
  })

  it('reports the weather, cause and detailed-cause messages in order, focus on the first', async () => {
    render(<ReportClaim {...props} />)
    await lossDate('2026-11-21')
    await click(reportClaim())
    const group = screen.getByRole('radiogroup', { name: /Weather Related Event/ })
    expect(within(group).getByText('The Weather Related Event field is required.')).toBeTruthy()
    expect(document.activeElement).toBe(weather('Yes'))
    await click(weather('Yes'))
    expectMessage(cause(), 'The Cause of Loss field is required.')
    await choose(cause(), 'Wind/Hail')
    expectMessage(detailed(), 'The Detailed Cause of Loss field is required.')
  })
})

describe('issue 35: the phone and email on file, one tap away', () => {
  it('fills Home Phone, and Email with Confirm Email, stays editable, and is offered again after a new date empties them', async () => {
    render(<ReportClaim {...props} />)
    const usePhone = () => screen.queryByRole('button', { name: 'Use 512-555-0176, the phone on file' })
    const useEmail = () => screen.queryByRole('button', { name: 'Use sam.single@example.com, the email on file' })
    await lossDate('2026-11-21')
    await click(usePhone()!)
    expect(fieldIn('Insured Information', 'Home Phone').value).toBe('512-555-0176')
    expect(usePhone()).toBeNull()
    await click(useEmail()!)
    expect(fieldIn('Insured Information', 'Email *').value).toBe('sam.single@example.com')
    expect(fieldIn('Insured Information', 'Confirm Email *').value).toBe('sam.single@example.com')
    type(fieldIn('Insured Information', 'Email *'), 'sam@new.example')
    expect(fieldIn('Insured Information', 'Email *').value).toBe('sam@new.example')
    await lossDate('2026-11-20')
    expect(fieldIn('Insured Information', 'Home Phone').value).toBe('')
    expect(usePhone()).not.toBeNull()
    expect(useEmail()).not.toBeNull()
  })
})

describe('homeowners form: a changed date resets the dependent sections (step 2)', () => {
  it('the first date keeps what was typed; a different valid date clears weather, perils, phones, email, reporter, address and repairs', async () => {
    render(<ReportClaim {...props} />)
    typeAndLeave(fieldIn('Insured Information', 'Home Phone'), '5125550176')
    await lossDate('2026-11-21')
    expect(fieldIn('Insured Information', 'Home Phone').value).toBe('512-555-0176')
    await click(weather('No'))
    type(fieldIn('Insured Information', 'Email *'), 'sam.single@example.com')
    type(fieldIn('Reported By', 'Reported By *'), 'Sam')
    await click(sameAsInsured())
    openRepairCompany()
    type(fieldIn('Emergency Repairs', 'Company Name'), 'Austin Dry-Out')
    type(screen.getByLabelText('Brief description of Loss/Damages *'), 'Kept across the reset')

    await lossDate('2026-11-20')
    expect((weather('No') as HTMLInputElement).checked).toBe(false)
    expect(fieldIn('Insured Information', 'Home Phone').value).toBe('')
    expect(fieldIn('Insured Information', 'Email *').value).toBe('')
    expect(fieldIn('Reported By', 'Reported By *').value).toBe('')
    expect(sameAsInsured().checked).toBe(false)
    expect(fieldIn('Loss Location', 'Loss Address *').value).toBe('')
    expect(fieldIn('Emergency Repairs', 'Company Name').value).toBe('')
    expect((screen.getByLabelText('Brief description of Loss/Damages *') as HTMLTextAreaElement).value).toBe('Kept across the reset')
    expect(calls(props.matrixUrl).map(([u]) => u)).toContain('/v1/homeowners/GetClaimsMatrix?policyId=HOM4020001&lossDate=2026-11-20')
  })
})

describe('homeowners form: loss location and the mitigation banner', () => {
  it('same-as-insured copies and locks the seed address; unticking clears and unlocks', async () => {
    render(<ReportClaim {...props} />)
    expect(sameAsInsured().disabled).toBe(true)
    await lossDate('2026-11-21')
    await click(sameAsInsured())
    const address = fieldIn('Loss Location', 'Loss Address *')
    expect([address.value, address.disabled]).toEqual(['8804 Shoal Creek Boulevard', true])
    expect(fieldIn('Loss Location', 'City *').value).toBe('Austin')
    expect((fieldIn('Loss Location', 'State *') as unknown as HTMLSelectElement).disabled).toBe(true)
    expect(fieldIn('Loss Location', 'Zip Code *').value).toBe('78757')
    await click(sameAsInsured())
    expect([fieldIn('Loss Location', 'Loss Address *').value, fieldIn('Loss Location', 'Loss Address *').disabled]).toEqual(['', false])
  })

  async function waterLossAtHome(date: string) {
    await lossDate(date)
    await click(weather('No'))
    await choose(cause(), 'Water Damage')
    await choose(detailed(), '102')
    await click(sameAsInsured())
  }

  it('shows the banner for a water loss at the insured location within 5 days; a request adds its comment line', async () => {
    fetchMock.mockClear()
    render(<ReportClaim {...props} />)
    await waterLossAtHome('2026-11-18')
    const banner = screen.getByRole('region', { name: 'Emergency mitigation may be available' })
    fireEvent.click(within(banner).getByLabelText('Yes, request Water Mitigation'))
    await fillRest()
    await click(reportClaim())
    await click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }))
    const sent = await sentClaim(fetchMock.mock.calls.find(([u]) => u === props.submitUrl)!)
    expect(sent.submission).toMatchObject({ mitigationComment: 'Water Mitigation Requested', lossLocation: '2', perilMappingId: 102 })
  })

  it('hides the banner after 5 days, away from the insured location, and for a WIND-excluded Board Up', async () => {
    render(<ReportClaim {...props} />)
    await waterLossAtHome('2026-11-17')
    expect(screen.queryByRole('region', { name: 'Emergency mitigation may be available' })).toBeNull()
    cleanup()

    render(<ReportClaim {...props} />)
    await lossDate('2026-11-21')
    await click(weather('No'))
    await choose(cause(), 'Water Damage')
    await choose(detailed(), '102')
    type(fieldIn('Loss Location', 'Loss Address *'), '12 Other Street')
    type(fieldIn('Loss Location', 'City *'), 'Austin')
    expect(screen.queryByRole('region', { name: 'Emergency mitigation may be available' })).toBeNull()
    cleanup()

    seedAnswer = { result: { ...SEED, Exclusions: ['WIND'] }, message: '' }
    render(<ReportClaim {...props} />)
    await lossDate('2026-11-21')
    await click(weather('No'))
    await choose(cause(), 'Vandalism')
    await click(sameAsInsured())
    expect(screen.queryByRole('region', { name: 'Emergency mitigation may be available' })).toBeNull()
  })

  async function fillRest() {
    type(screen.getByLabelText('Brief description of Loss/Damages *'), 'Dishwasher leak.')
    typeAndLeave(fieldIn('Insured Information', 'Mobile Phone'), '5125550177')
    await choose(fieldIn('Insured Information', 'Preferred Contact Number *') as unknown as HTMLSelectElement, '3')
    type(fieldIn('Insured Information', 'Email *'), 'sam.single@example.com')
    type(fieldIn('Insured Information', 'Confirm Email *'), 'sam.single@example.com')
    type(fieldIn('Reported By', 'Reported By *'), 'Sam Okafor')
    type(fieldIn('Reported By', 'Relationship to Insured *'), 'Self')
    typeAndLeave(fieldIn('Reported By', 'Phone Number *'), '5125550177')
    await click(within(screen.getByRole('radiogroup', { name: /National Vendor/ })).getByLabelText('No'))
  }
})

describe('homeowners form: validation messages, confirm modal, Backspace', () => {
  it('an empty form reports the date first and focuses it', async () => {
    render(<ReportClaim {...props} />)
    await click(reportClaim())
    expectMessage(dateOfLoss(), 'The Date of Loss field is required.')
    expect(document.activeElement).toBe(dateOfLoss())
    expectMessage(screen.getByLabelText('Brief description of Loss/Damages *'), 'The Brief description of Loss/Damages field is required.')
    expectMessage(fieldIn('Insured Information', 'Home Phone'), 'At least one phone number is required.')
    expectMessage(fieldIn('Insured Information', 'Preferred Contact Number *'), 'The Preferred Contact Number field is required.')
    expectMessage(fieldIn('Insured Information', 'Email *'), 'The Email field is required.')
    expectMessage(fieldIn('Insured Information', 'Confirm Email *'), 'The Confirm Email field is required.')
    expectMessage(fieldIn('Reported By', 'Reported By *'), 'The Reported By field is required.')
    expectMessage(fieldIn('Reported By', 'Relationship to Insured *'), 'The Relationship to Insured field is required.')
    expectMessage(fieldIn('Reported By', 'Phone Number *'), 'Phone Number is required')
    expectMessage(fieldIn('Loss Location', 'Loss Address *'), 'The Loss Address field is required.')
    expectMessage(fieldIn('Loss Location', 'City *'), 'The City field is required.')
    expectMessage(fieldIn('Loss Location', 'State *'), 'The State field is required.')
    expectMessage(fieldIn('Loss Location', 'Zip Code *'), 'The Zip Code field is required.')
  })

  it("'Email does not match.' for a different confirm email", async () => {
    render(<ReportClaim {...props} />)
    type(fieldIn('Insured Information', 'Email *'), 'sam.single@example.com')
    type(fieldIn('Insured Information', 'Confirm Email *'), 'sam.other@example.com')
    await click(reportClaim())
    expectMessage(fieldIn('Insured Information', 'Confirm Email *'), 'Email does not match.')
  })

  it('a valid form opens the confirm modal with the fraud text and the claim-number note, then posts the submission', async () => {
    render(<ReportClaim {...props} />)
    await fillValid()
    await click(reportClaim())
    const dialog = screen.getByRole('dialog', { name: 'Please confirm you are the insured and would like to file a claim.' })
    expect(within(dialog).getByText(SEED.fnolFraudLanguage.Description).style.fontWeight).toBe('bold')
    expect(dialog.textContent).toContain('After you select Confirm, you should receive a claim number and a confirmation email.')
    expect(within(dialog).getByRole('link', { name: '1-800-555-0199' })).toBeTruthy()
    await click(within(dialog).getByRole('button', { name: 'Confirm' }))
    const sent = await sentClaim(fetchMock.mock.calls.find(([u]) => u === props.submitUrl)!)
    expect(sent.submission).toMatchObject({
      policyId: 'HOM4020001',
      dateClaimReported: '11/23/2026 09:20:00 AM',
      lossDate: '11/21/2026',
      weatherRelated: 'no',
      causeOfLoss: 'Water Damage',
      perilMappingId: 101,
      firstName: 'Samuel',
      lastName: 'Okafor',
      preferredContact: '1',
      lossLocation: '2',
      lossAddress: '8804 Shoal Creek Boulevard',
      claimReportedByRelationship: 'Self',
      isPolicyActive: true,
      shellClaim: false,
      mitigationComment: '',
      policyStatusText: 'Active',
    })
  })

  it('suppresses Backspace outside text fields and leaves it alone inside them', async () => {
    render(<ReportClaim {...props} />)
    await lossDate('2026-11-21')
    const onRadio = new KeyboardEvent('keydown', { key: 'Backspace', bubbles: true, cancelable: true })
    weather('Yes').dispatchEvent(onRadio)
    expect(onRadio.defaultPrevented).toBe(true)
    const onBody = new KeyboardEvent('keydown', { key: 'Backspace', bubbles: true, cancelable: true })
    document.body.dispatchEvent(onBody)
    expect(onBody.defaultPrevented).toBe(true)
    const inText = new KeyboardEvent('keydown', { key: 'Backspace', bubbles: true, cancelable: true })
    screen.getByLabelText('Brief description of Loss/Damages *').dispatchEvent(inText)
    expect(inText.defaultPrevented).toBe(false)
    const inReadOnly = new KeyboardEvent('keydown', { key: 'Backspace', bubbles: true, cancelable: true })
    fieldIn('Insured Information', 'First Name').dispatchEvent(inReadOnly)
    expect(inReadOnly.defaultPrevented).toBe(true)
  })
})
