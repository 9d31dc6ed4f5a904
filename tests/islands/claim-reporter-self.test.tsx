import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fieldIn, floodProps, homeownersProps, NOW_FL, NOW_TX, typeAndLeave } from './claim-helpers'

vi.mock('../../islands/ui/navigate', () => ({ goTo: vi.fn() }))
vi.mock('../../islands/report-claim/now', () => ({ now: vi.fn() }))

const { default: ReportClaim } = await import('../../islands/report-claim')
const { now } = await import('../../islands/report-claim/now')

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** Issue 21 (WCAG 3.3.7 redundant entry): 'I am the insured' fills Reported By from the Insured section. */

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async () => new Response('NO ROUTE FOR REQUEST', { status: 404 })),
  )
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const selfBox = () => screen.getByLabelText('I am the insured') as HTMLInputElement

describe("'I am the insured'", () => {
  it('flood: fills the name and the home phone on file; unticking clears them; typing another name unticks it', () => {
    vi.mocked(now).mockReturnValue(NOW_FL)
    render(<ReportClaim {...floodProps()} />)
    expect(selfBox().checked).toBe(false)
    fireEvent.click(selfBox())
    expect(fieldIn('Reported By', 'Reported By *').value).toBe('Erin Castellano')
    expect(fieldIn('Reported By', 'Phone Number *').value).toBe('919-555-0164')
    expect(selfBox().checked).toBe(true)
    fireEvent.click(selfBox())
    expect(fieldIn('Reported By', 'Reported By *').value).toBe('')
    expect(fieldIn('Reported By', 'Phone Number *').value).toBe('')
    fireEvent.click(selfBox())
    typeAndLeave(fieldIn('Reported By', 'Reported By *'), 'Sam Neighbor')
    expect(selfBox().checked).toBe(false)
  })

  it("homeowners: the relationship is 'Self', the phone the one typed in the Insured section", () => {
    vi.mocked(now).mockReturnValue(NOW_TX)
    const props = homeownersProps()
    render(<ReportClaim {...props} />)
    typeAndLeave(fieldIn('Insured Information', /^Mobile Phone/), '5125550101')
    fireEvent.click(selfBox())
    expect(fieldIn('Reported By', 'Reported By *').value).toBe(`${props.insured.firstName} ${props.insured.lastName}`)
    expect(fieldIn('Reported By', 'Relationship to Insured *').value).toBe('Self')
    expect(fieldIn('Reported By', 'Phone Number *').value).toBe('512-555-0101')
  })
})
