import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import { click, fieldIn, floodProps, homeownersProps, jsonString, MATRIX, NOW_FL, NOW_TX, reportClaim, SEED, sentClaim } from './claim-helpers'

vi.mock('../../islands/ui/navigate', () => ({ goTo: vi.fn() }))
vi.mock('../../islands/report-claim/now', () => ({ now: vi.fn() }))

const { default: ReportClaim } = await import('../../islands/report-claim')
const { now } = await import('../../islands/report-claim/now')
const { goTo } = await import('../../islands/ui/navigate')

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/**
 * Issue 33 item 4 (decision 213): the other claim of one storm starts from the first claim's facts
 * (`carried`): what both forms ask is filled in, the rest is the person's; the report is linked by the
 * submit address's `pairedWith`, and the files still go to ClaimFile without it.
 */
const carried = {
  lossDate: '2026-11-21',
  lossTime: '14:05',
  description: 'Storm surge: two feet of water downstairs.',
  homePhone: '850-555-0142',
  workPhone: '',
  cellPhone: '8505550199',
  preferredContact: '3',
  email: 'noor.paired@example.com',
  reporterName: 'Noor Haddad',
  reporterPhone: '8505550142',
  reporterRelationship: '',
}
let fetchMock: Mock<typeof fetch>

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input)
    if (url.startsWith('/v1/homeowners/GetClaimsMatrix')) return jsonString({ result: MATRIX, Messages: [] })
    if (url.startsWith('/v1/homeowners/GetPolicySeedDataForClaim')) return jsonString({ result: SEED, message: '' })
    if (url.includes('/ClaimFile/'))
      return Response.json({ fileId: 'cf_garage.jpg', name: 'garage.jpg', contentType: 'image/jpeg', bytes: 4, sha256: 'x' }, { status: 201 })
    if (url.includes('/FirstNoticeOfLoss/')) return new Response('Your claim number is HO-2026-000009.', { status: 200 })
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

describe('a claim carried from the other policy of the same home', () => {
  it('homeowners after a flood claim: weather-related, its date loaded at once, the shared facts filled, the cause and relationship left to the person; sent with pairedWith', async () => {
    vi.mocked(now).mockReturnValue(NOW_TX)
    const props = homeownersProps({ carried, submitUrl: '/v1/homeowners/FirstNoticeOfLoss/HOM4020001?pairedWith=FL-2026-000004' })
    await act(async () => {
      render(<ReportClaim {...props} />)
    })
    // The carried date's matrix and seed data load without the date being typed.
    const weather = await screen.findByRole('radiogroup', { name: /Weather Related Event/ })
    expect((within(weather).getByLabelText('Yes') as HTMLInputElement).checked).toBe(true)
    expect((screen.getByLabelText('Date of Loss *') as HTMLInputElement).value).toBe('2026-11-21')
    expect((screen.getByLabelText('Brief description of Loss/Damages *') as HTMLTextAreaElement).value).toBe(carried.description)
    expect(fieldIn('Insured Information', 'Mobile Phone').value).toBe('850-555-0199')
    expect(fieldIn('Insured Information', 'Confirm Email *').value).toBe('noor.paired@example.com')
    expect(fieldIn('Reported By', 'Reported By *').value).toBe('Noor Haddad')
    expect(fieldIn('Reported By', 'Phone Number *').value).toBe('850-555-0142')
    expect(fieldIn('Reported By', 'Relationship to Insured *').value).toBe('')
    expect((screen.getByLabelText('Cause of Loss *') as HTMLSelectElement).value).toBe('')
  })

  it('flood after a homeowners claim: the date without a time; reported to the paired address, with the files uploaded to ClaimFile alone', async () => {
    vi.mocked(now).mockReturnValue(NOW_FL)
    const props = floodProps({ carried: { ...carried, lossTime: '' }, submitUrl: '/v1/flood/FirstNoticeOfLoss/FLD4040005?pairedWith=HO-2026-000003' })
    await act(async () => {
      render(<ReportClaim {...props} />)
    })
    expect((screen.getByLabelText('Date of Loss *') as HTMLInputElement).value).toBe('2026-11-21')
    const time = screen.getByLabelText('Time of Loss *') as HTMLInputElement
    expect(time.value).toBe('')
    // The time is required (issue 35 item 2): the person adds it.
    fireEvent.change(time, { target: { value: '16:30' } })
    fireEvent.blur(time)
    expect((screen.getByLabelText('Brief Description of the Loss / Damages *') as HTMLTextAreaElement).value).toBe(carried.description)
    await click(within(screen.getByRole('radiogroup', { name: /National Vendor/ })).getByLabelText('No'))
    const garage = new File([new Uint8Array(4).fill(0xff)], 'garage.jpg', { type: 'image/jpeg' })
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Add photos or files'), { target: { files: [garage] } })
    })
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('/ClaimFile/')).map(([u]) => u)).toEqual(['/v1/flood/ClaimFile/FLD4040005'])
    await click(reportClaim())
    await click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }))
    const post = fetchMock.mock.calls.find(([u]) => String(u).includes('/FirstNoticeOfLoss/'))!
    const sent = await sentClaim(post)
    expect(sent.url).toBe('/v1/flood/FirstNoticeOfLoss/FLD4040005?pairedWith=HO-2026-000003')
    expect(sent.fileIds).toEqual(['cf_garage.jpg'])
    expect(sent.submission).toMatchObject({
      lossDate: '11/21/2026 04:30:00 PM',
      lossDescription: carried.description,
      claimReportedByName: 'Noor Haddad',
      cellPhone: '850-555-0199',
    })
    expect(goTo).toHaveBeenCalledWith('/system-message')
  })
})
