import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { click, expectMessage, fieldIn, floodProps, NOW_FL, openRepairCompany, reportClaim, type, typeAndLeave } from './claim-helpers'

vi.mock('../../islands/ui/navigate', () => ({ goTo: vi.fn() }))
vi.mock('../../islands/report-claim/now', () => ({ now: vi.fn() }))

const { default: ReportClaim } = await import('../../islands/report-claim')
const { now } = await import('../../islands/report-claim/now')

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/**
 * Issue 10: the parts both claim forms share, exercised on the flood form: masks with blur clearing
 * (spec 001 section 5), the emergency repairs, the National Vendor question and its modal
 * 'Please Select An Option.' (section 2), the preferred-contact list (section 4).
 */

beforeEach(() => {
  vi.mocked(now).mockReturnValue(NOW_FL)
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('', { status: 404 })),
  )
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const repairs = (label: string | RegExp) => fieldIn('Emergency Repairs', label)
const vendorYes = () => within(screen.getByRole('radiogroup', { name: /assign a National Vendor/ })).getByLabelText('Yes')
const vendorNo = () => within(screen.getByRole('radiogroup', { name: /assign a National Vendor/ })).getByLabelText('No')
const dialog = () => screen.getByRole('dialog', { name: 'Please Select An Option.' })
const checklist = () => screen.queryByRole('group', { name: /Emergency services needed/ })

async function answerYes() {
  await act(async () => {
    vendorYes().focus()
    fireEvent.click(vendorYes())
  })
}

describe('masks: phone ###-###-####, zip ##### or #####-####, incomplete values cleared on blur', () => {
  it.each([
    ['Insured Information', 'Work Phone'],
    ['Reported By', 'Phone Number *'],
    ['Emergency Repairs', 'Phone'],
  ])('%s / %s: dashes as the user types, cleared when incomplete', (section, label) => {
    render(<ReportClaim {...floodProps()} />)
    if (section === 'Emergency Repairs') openRepairCompany()
    const el = fieldIn(section, label)
    expect(el.maxLength).toBe(12)
    type(el, '30555501')
    expect(el.value).toBe('305-555-01')
    fireEvent.blur(el)
    expect(el.value).toBe('')
    typeAndLeave(el, '(305) 555-0100')
    expect(el.value).toBe('305-555-0100')
  })

  it.each([
    ['Loss Location', 'Zip Code *'],
    ['Emergency Repairs', 'Zip Code'],
  ])('%s / %s: 5 or 5+4 digits, anything else cleared on blur', (section, label) => {
    render(<ReportClaim {...floodProps()} />)
    if (section === 'Emergency Repairs') openRepairCompany()
    const el = fieldIn(section, label)
    typeAndLeave(el, '330371234')
    expect(el.value).toBe('33037-1234')
    typeAndLeave(el, '3303712')
    expect(el.value).toBe('')
    typeAndLeave(el, '3303')
    expect(el.value).toBe('')
    typeAndLeave(el, '33037')
    expect(el.value).toBe('33037')
  })

  it("a cleared zip then gets 'The Zip Code field is required.'", async () => {
    render(<ReportClaim {...floodProps()} />)
    typeAndLeave(fieldIn('Loss Location', 'Zip Code *'), '330')
    await click(reportClaim())
    expectMessage(fieldIn('Loss Location', 'Zip Code *'), 'The Zip Code field is required.')
  })
})

describe('preferred contact: the list is built from the phones entered', () => {
  it('lists 1 Home, 2 Work, 3 Mobile for the phones present and drops a choice whose phone goes', () => {
    render(<ReportClaim {...floodProps()} />)
    const select = fieldIn('Insured Information', 'Preferred Contact Number') as unknown as HTMLSelectElement
    const options = () => Array.from(select.options).map((o) => `${o.value}|${o.text}`)
    expect(options()).toEqual(['|Select', '1|Home Phone (919-555-0164)'])
    typeAndLeave(fieldIn('Insured Information', 'Mobile Phone'), '3055550199')
    expect(options()).toEqual(['|Select', '1|Home Phone (919-555-0164)', '3|Mobile Phone (305-555-0199)'])
    fireEvent.change(select, { target: { value: '3' } })
    expect(select.value).toBe('3')
    typeAndLeave(fieldIn('Insured Information', 'Mobile Phone'), '305')
    expect(select.value).toBe('')
    expect(options()).toEqual(['|Select', '1|Home Phone (919-555-0164)'])
  })
})

describe('emergency repairs', () => {
  it('offers the 50 states plus DC and the six service types', () => {
    render(<ReportClaim {...floodProps()} />)
    openRepairCompany()
    const states = Array.from((repairs('State') as unknown as HTMLSelectElement).options).slice(1)
    expect(states).toHaveLength(51)
    expect(states.map((o) => o.value)).toContain('DC')
    const types = Array.from((repairs('Service Type') as unknown as HTMLSelectElement).options)
      .slice(1)
      .map((o) => o.text)
    expect(types).toEqual(['Water Mitigation', 'Board-Up/Secure Property', 'Roof Tarping', 'Plumber', 'Fire/Smoke Mitigation', 'Other'])
  })

  it("service type Other shows a required comment ('Service Comment is required.'); another type clears it", async () => {
    render(<ReportClaim {...floodProps()} />)
    openRepairCompany()
    expect(screen.queryByLabelText('Service Comment *')).toBeNull()
    fireEvent.change(repairs('Service Type'), { target: { value: 'Other' } })
    await click(reportClaim())
    expectMessage(repairs('Service Comment *'), 'Service Comment is required.')
    type(repairs('Service Comment *'), 'Tree removal')
    fireEvent.change(repairs('Service Type'), { target: { value: 'Plumber' } })
    expect(screen.queryByLabelText('Service Comment *')).toBeNull()
    fireEvent.change(repairs('Service Type'), { target: { value: 'Other' } })
    expect(repairs('Service Comment *').value).toBe('')
  })

  it("the vendor question is required: 'This field is required.'", async () => {
    render(<ReportClaim {...floodProps()} />)
    await click(reportClaim())
    const group = screen.getByRole('radiogroup', { name: /assign a National Vendor/ })
    expect(group.getAttribute('aria-invalid')).toBe('true')
    expect(within(group).getByText('This field is required.')).toBeTruthy()
  })

  it('keeps maximum lengths on the inputs (company 50, email 100, address 50, city 40)', () => {
    render(<ReportClaim {...floodProps()} />)
    openRepairCompany()
    expect([repairs('Company Name').maxLength, repairs('Email').maxLength, repairs('Address').maxLength, repairs('City').maxLength]).toEqual([50, 100, 50, 40])
  })

  it('issue 35: the vendor question comes first; the company fields open when a company came, and closing them empties them', () => {
    render(<ReportClaim {...floodProps()} />)
    const section = screen.getByRole('heading', { name: 'Emergency Repairs', level: 2 }).closest('section')!
    expect(within(section).queryByLabelText('Company Name')).toBeNull()
    openRepairCompany()
    const question = screen.getByRole('radiogroup', { name: /assign a National Vendor/ })
    expect(question.compareDocumentPosition(repairs('Company Name')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    type(repairs('Company Name'), 'Quick Dry')
    openRepairCompany()
    expect(within(section).queryByLabelText('Company Name')).toBeNull()
    openRepairCompany()
    expect(repairs('Company Name').value).toBe('')
  })
})

describe("the National Vendor modal 'Please Select An Option.'", () => {
  it('Yes opens it with focus inside and the claims line; Confirm keeps the checklist and returns focus', async () => {
    render(<ReportClaim {...floodProps()} />)
    await answerYes()
    expect(document.activeElement).toBe(within(dialog()).getByRole('heading', { name: 'Please Select An Option.' }))
    expect(dialog().textContent).toContain('A mitigation company will be assigned to your claim and will contact you directly.')
    expect(dialog().textContent).toContain('within 24 hours')
    expect(within(dialog()).getByRole('link', { name: '1-800-555-0199' }).getAttribute('href')).toBe('tel:18005550199')
    expect(dialog().textContent).toContain('Reimbursement for these services is not confirmed until the investigation of your claim is complete.')
    await click(within(dialog()).getByRole('button', { name: 'Confirm' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(checklist()).not.toBeNull()
    expect((vendorYes() as HTMLInputElement).checked).toBe(true)
    expect(document.activeElement).toBe(vendorYes())
  })

  it('Cancel hides the checklist, sets the answer to No and clears the selections', async () => {
    render(<ReportClaim {...floodProps()} />)
    await answerYes()
    await click(within(dialog()).getByRole('button', { name: 'Confirm' }))
    fireEvent.click(screen.getByLabelText('Water Mitigation'))
    await click(vendorNo())
    expect(checklist()).toBeNull()
    await answerYes()
    expect(dialog()).toBeTruthy()
    await click(within(dialog()).getByRole('button', { name: 'Cancel' }))
    expect(checklist()).toBeNull()
    expect((vendorNo() as HTMLInputElement).checked).toBe(true)
    await answerYes()
    await click(within(dialog()).getByRole('button', { name: 'Confirm' }))
    expect((screen.getByLabelText('Water Mitigation') as HTMLInputElement).checked).toBe(false)
  })

  it('X and Escape close it and keep the checklist (the answer stays Yes)', async () => {
    render(<ReportClaim {...floodProps()} />)
    await answerYes()
    await click(within(dialog()).getByRole('button', { name: 'Close' }))
    expect(checklist()).not.toBeNull()
    expect((vendorYes() as HTMLInputElement).checked).toBe(true)
    await click(vendorNo())
    expect(checklist()).toBeNull()
    await answerYes()
    await act(async () => {
      fireEvent.keyDown(document, { key: 'Escape' })
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(checklist()).not.toBeNull()
  })

  it('keeps Tab inside the modal', async () => {
    render(<ReportClaim {...floodProps()} />)
    await answerYes()
    const buttons = within(dialog()).getAllByRole('button')
    buttons[buttons.length - 1]!.focus()
    fireEvent.keyDown(document, { key: 'Tab' })
    expect(document.activeElement).toBe(buttons[0])
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(buttons[buttons.length - 1])
  })

  it("with the checklist shown and nothing checked: 'Please select at least one Emergency Service.'", async () => {
    render(<ReportClaim {...floodProps()} />)
    await answerYes()
    await click(within(dialog()).getByRole('button', { name: 'Confirm' }))
    await click(reportClaim())
    const group = checklist()!
    expect(within(group).getByText('Please select at least one Emergency Service.')).toBeTruthy()
    fireEvent.click(within(group).getByLabelText('Board-Up'))
    expect(within(group).queryByText('Please select at least one Emergency Service.')).toBeNull()
  })
})
