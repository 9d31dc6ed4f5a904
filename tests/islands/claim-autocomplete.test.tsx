import { cleanup, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fieldIn, homeownersProps, NOW_FL, openRepairCompany } from './claim-helpers'

vi.mock('../../islands/ui/navigate', () => ({ goTo: vi.fn() }))
vi.mock('../../islands/report-claim/now', () => ({ now: vi.fn() }))

const { default: ReportClaim } = await import('../../islands/report-claim')
const { now } = await import('../../islands/report-claim/now')

/**
 * Issue 21 standards findings (WCAG 1.3.5): autofill tokens that fit the field. The Loss Address is one
 * line ('street-address' is for a multi-line field, an HTML error); the emergency vendor's fields are
 * someone else's, so the policyholder's own company, phone and zip must not be offered there.
 */
beforeEach(() => vi.mocked(now).mockReturnValue(NOW_FL))
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('autocomplete on the claim form', () => {
  it("Loss Address (one line): 'address-line1', its city and zip keep theirs", () => {
    render(<ReportClaim {...homeownersProps()} />)
    expect(fieldIn('Loss Location', 'Loss Address *').getAttribute('autocomplete')).toBe('address-line1')
    expect(fieldIn('Loss Location', 'City *').getAttribute('autocomplete')).toBe('address-level2')
    expect(fieldIn('Loss Location', 'Zip Code *').getAttribute('autocomplete')).toBe('postal-code')
  })

  it.each(['Company Name', 'Phone', 'Zip Code'])("the emergency vendor's %s: 'off'", (label) => {
    render(<ReportClaim {...homeownersProps()} />)
    openRepairCompany()
    expect(fieldIn('Emergency Repairs', label).getAttribute('autocomplete')).toBe('off')
  })

  it("the policyholder's own phones keep 'tel'", () => {
    render(<ReportClaim {...homeownersProps()} />)
    expect(fieldIn('Insured Information', 'Work Phone').getAttribute('autocomplete')).toBe('tel')
  })
})
