import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import { expectMessage, fieldIn, floodProps, NOW_FL, reportClaim, sentClaim, type, typeAndLeave, click } from './claim-helpers'

vi.mock('../../islands/ui/navigate', () => ({ goTo: vi.fn() }))
vi.mock('../../islands/report-claim/now', () => ({ now: vi.fn() }))

const { default: ReportClaim } = await import('../../islands/report-claim')
const { goTo } = await import('../../islands/ui/navigate')
const { now } = await import('../../islands/report-claim/now')

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** Issue 10: the flood claim form (spec 001 section 2 "Flood claim form", section 4 "Flood claim flow", section 5). */

const props = floodProps()
let fetchMock: Mock<typeof fetch>

beforeEach(() => {
  vi.mocked(now).mockReturnValue(NOW_FL)
  vi.mocked(goTo).mockClear()
  fetchMock = vi.fn<typeof fetch>(async () => new Response('NO ROUTE FOR REQUEST', { status: 404 }))
  vi.stubGlobal('fetch', fetchMock)
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const dateOfLoss = () => screen.getByLabelText('Date of Loss *') as HTMLInputElement
const timeOfLoss = () => screen.getByLabelText('Time of Loss *') as HTMLInputElement
const description = () => screen.getByLabelText('Brief Description of the Loss / Damages *') as HTMLTextAreaElement
const claimPosts = () => fetchMock.mock.calls.filter(([url]) => url === props.submitUrl)

function fillRequired() {
  typeAndLeave(dateOfLoss(), '2026-11-23')
  typeAndLeave(timeOfLoss(), '09:20')
  type(description(), 'Water came in under the doors.')
  type(fieldIn('Reported By', 'Reported By *'), 'Erin Castellano')
  typeAndLeave(fieldIn('Reported By', 'Phone Number *'), '9195550164')
  fireEvent.click(screen.getByLabelText('No'))
}

describe('flood form: server render and prefill', () => {
  it('renders only the no-script notice with the claims line on the server', () => {
    const html = renderToString(<ReportClaim {...props} />)
    expect(html).toContain('The claim form needs JavaScript.')
    expect(html).toContain('href="tel:18005550199"')
    expect(html).not.toContain('<form')
  })

  it('prefills insured name, home phone, email and the risk address; the date and time of loss start empty (issue 35 item 2)', () => {
    render(<ReportClaim {...props} />)
    expect(fieldIn('Insured Information', 'First Name').value).toBe('Erin')
    expect(fieldIn('Insured Information', 'First Name').readOnly).toBe(true)
    expect(fieldIn('Insured Information', 'Last Name').value).toBe('Castellano')
    expect(fieldIn('Insured Information', 'Home Phone').value).toBe('919-555-0164')
    expect(fieldIn('Insured Information', 'Email *').value).toBe('erin.edge@example.com')
    expect(fieldIn('Loss Location', 'Loss Address *').value).toBe('118 Harbor Drive')
    expect(fieldIn('Loss Location', 'City *').value).toBe('Key Largo')
    expect(fieldIn('Loss Location', 'State *').value).toBe('FL')
    expect(fieldIn('Loss Location', 'Zip Code *').value).toBe('33037')
    expect(dateOfLoss().value).toBe('')
    expect(dateOfLoss().max).toBe('2026-11-23')
    expect(timeOfLoss().value).toBe('')
    expect(timeOfLoss().required).toBe(true)
    expect(screen.getByText('FLD4040005')).toBeTruthy()
    expect(screen.getByText('11/23/2026 09:20:00 AM')).toBeTruthy()
  })

  it('has no same-as-insured box, relationship, weather or causes; confirm email and preferred contact are optional', () => {
    render(<ReportClaim {...props} />)
    expect(screen.queryByLabelText(/same as the insured location/)).toBeNull()
    expect(screen.queryByLabelText(/Relationship to Insured/)).toBeNull()
    expect(screen.queryByText(/Weather Related Event/)).toBeNull()
    expect(screen.queryByLabelText(/Cause of Loss/)).toBeNull()
    expect(fieldIn('Insured Information', 'Confirm Email')).toBeTruthy()
    expect(fieldIn('Insured Information', 'Preferred Contact Number')).toBeTruthy()
  })
})

describe('flood form: date of loss', () => {
  it('starts with Report Claim marked disabled until a date is given', () => {
    render(<ReportClaim {...props} />)
    expect(reportClaim().getAttribute('aria-disabled')).toBe('true')
    typeAndLeave(dateOfLoss(), '2026-11-22')
    expect(reportClaim().getAttribute('aria-disabled')).toBeNull()
  })

  it('a date without a time: Report Claim says the time is required and focuses it', async () => {
    render(<ReportClaim {...props} />)
    fillRequired()
    typeAndLeave(timeOfLoss(), '')
    await click(reportClaim())
    expectMessage(timeOfLoss(), 'The Time of Loss field is required.')
    expect(dateOfLoss().getAttribute('aria-invalid')).toBeNull()
    expect(document.activeElement).toBe(timeOfLoss())
    expect(claimPosts()).toHaveLength(0)
  })

  it('a future date is cleared on leaving, with its message, and Report Claim is marked disabled', () => {
    render(<ReportClaim {...props} />)
    typeAndLeave(dateOfLoss(), '2026-11-22')
    expect(reportClaim().getAttribute('aria-disabled')).toBeNull()
    typeAndLeave(dateOfLoss(), '2026-11-24')
    expect(dateOfLoss().value).toBe('')
    expectMessage(dateOfLoss(), 'A future date cannot be entered.')
    expect(reportClaim().getAttribute('aria-disabled')).toBe('true')
  })

  it('a blank date marks Report Claim disabled; pressing it still says why and focuses the date', async () => {
    render(<ReportClaim {...props} />)
    typeAndLeave(dateOfLoss(), '2026-11-22')
    typeAndLeave(dateOfLoss(), '')
    expect(reportClaim().getAttribute('aria-disabled')).toBe('true')
    expect(reportClaim().getAttribute('aria-describedby')).toBe('claim-report-hint')
    await click(reportClaim())
    expectMessage(dateOfLoss(), 'The Date of Loss field is required.')
    expect(document.activeElement).toBe(dateOfLoss())
  })

  it('a time later today is the future too: the time is cleared', () => {
    render(<ReportClaim {...props} />)
    typeAndLeave(dateOfLoss(), '2026-11-23')
    typeAndLeave(timeOfLoss(), '10:00')
    expect(timeOfLoss().value).toBe('')
    expectMessage(dateOfLoss(), 'A future date cannot be entered.')
  })

  it("a date outside the policy period warns 'The Date of Loss is not within the policy period.' and Report Claim stays usable", () => {
    render(<ReportClaim {...props} />)
    typeAndLeave(dateOfLoss(), '2026-06-30')
    const warning = screen.getByText('The Date of Loss is not within the policy period.')
    expect(dateOfLoss().getAttribute('aria-describedby')).toContain(warning.id)
    expect(reportClaim().getAttribute('aria-disabled')).toBeNull()
    typeAndLeave(dateOfLoss(), '2026-07-01')
    expect(screen.queryByText('The Date of Loss is not within the policy period.')).toBeNull()
  })
})

describe('flood form: lazy validation and focus', () => {
  it('shows no message before Report Claim; then every flood message, focus on the first in error', async () => {
    render(<ReportClaim {...props} />)
    type(fieldIn('Insured Information', 'Email *'), '')
    expect(screen.queryByText('The Email field is required.')).toBeNull()
    await click(reportClaim())
    expectMessage(dateOfLoss(), 'The Date of Loss field is required.')
    expect(document.activeElement).toBe(dateOfLoss())
    expectMessage(description(), 'The Brief Description of the Loss / Damages field is required.')
    expectMessage(fieldIn('Reported By', 'Reported By *'), 'The Reported By field is required.')
    expectMessage(fieldIn('Reported By', 'Phone Number *'), 'Phone Number is required')
    expectMessage(fieldIn('Insured Information', 'Email *'), 'The Email field is required.')
    expect(screen.getByText('This field is required.')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('messages follow the entries after the first Report Claim', async () => {
    render(<ReportClaim {...props} />)
    await click(reportClaim())
    type(description(), 'Water in the garage')
    expect(description().getAttribute('aria-invalid')).toBeNull()
    type(fieldIn('Insured Information', 'Email *'), 'erin@')
    expectMessage(fieldIn('Insured Information', 'Email *'), 'Please enter a valid email address.')
  })

  it("'At least one phone number is required.' when every phone is cleared; the confirm email is not compared", async () => {
    render(<ReportClaim {...props} />)
    fillRequired()
    typeAndLeave(fieldIn('Insured Information', 'Home Phone'), '')
    type(fieldIn('Insured Information', 'Confirm Email'), 'someone.else@example.com')
    await click(reportClaim())
    expectMessage(fieldIn('Insured Information', 'Home Phone'), 'At least one phone number is required.')
    expect(screen.queryByText('Email does not match.')).toBeNull()
  })
})

describe('flood form: confirm and submit (the phase B seam)', () => {
  it('opens the confirm modal without the fraud text; Cancel closes it and returns focus', async () => {
    render(<ReportClaim {...props} />)
    fillRequired()
    reportClaim().focus()
    await click(reportClaim())
    const dialog = screen.getByRole('dialog', { name: 'Please confirm you are the insured and would like to file a claim.' })
    expect(document.activeElement).toBe(within(dialog).getByRole('heading'))
    expect(within(dialog).queryByText(/claim number/)).toBeNull()
    await click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(reportClaim())
    expect(claimPosts()).toHaveLength(0)
  })

  it('Confirm posts the flood submission as multipart; an unexpected answer keeps everything typed and says so', async () => {
    render(<ReportClaim {...props} />)
    fillRequired()
    await click(reportClaim())
    await click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }))
    expect(claimPosts()).toHaveLength(1)
    const sent = await sentClaim(claimPosts()[0]!)
    expect(sent.headers['X-Requested-With']).toBe('portal')
    expect(sent.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{32,36}$/)
    expect(sent.submission).toMatchObject({
      claimId: '',
      policyId: 'FLD4040005',
      dateClaimReported: '11/23/2026 09:20:00 AM',
      lossDate: '11/23/2026 09:20:00 AM',
      lossDescription: 'Water came in under the doors.',
      firstName: 'Erin',
      homePhone: '919-555-0164',
      lossAddress: '118 Harbor Drive',
      claimReportedByName: 'Erin Castellano',
      claimReportedByPhone: '919-555-0164',
      emergencyRepair: { assignNationalVendor: 'no', serviceOptions: [] },
    })
    const failure = screen.getByRole('alert')
    expect(failure.textContent).toContain('We could not send your claim. Nothing you entered has been lost')
    expect(failure.textContent).toContain('1-800-555-0199')
    expect(document.activeElement).toBe(failure)
    expect(description().value).toBe('Water came in under the doors.')
    const logs = fetchMock.mock.calls.filter(([url]) => url === props.logUrl)
    expect(JSON.parse(logs[0]![1]!.body as string)).toMatchObject({ message: 'unexpected http response', pageName: 'ReportClaim' })
    expect(goTo).not.toHaveBeenCalled()

    // A retry of the same claim carries the same Idempotency-Key.
    await click(reportClaim())
    await click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }))
    expect(claimPosts()).toHaveLength(2)
    expect((await sentClaim(claimPosts()[1]!)).headers['Idempotency-Key']).toBe(sent.headers['Idempotency-Key'])
  })

  it('200 or 202 opens the system message page', async () => {
    fetchMock.mockImplementation(async () => new Response('Your claim FL-2026-000312 has been reported.', { status: 202 }))
    render(<ReportClaim {...props} />)
    fillRequired()
    await click(reportClaim())
    await click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }))
    expect(goTo).toHaveBeenCalledWith('/system-message')
  })

  it('a network failure keeps the claim and says so', async () => {
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch')
    })
    render(<ReportClaim {...props} />)
    fillRequired()
    await click(reportClaim())
    await act(async () => {
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }))
    })
    expect(screen.getByRole('alert').textContent).toContain('We could not send your claim.')
    expect(fieldIn('Reported By', 'Reported By *').value).toBe('Erin Castellano')
  })
})
