import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import { click, expectMessage, fieldIn, floodProps, NOW_FL, reportClaim, sentClaim, type, typeAndLeave } from './claim-helpers'
import { encodeClaim } from '../../islands/report-claim/encode-claim'
import { DRAFT_SAVE_MS } from '../../islands/report-claim/draft'
import { UPLOAD_MSG } from '../../shared/claims/uploads'
import { MSG } from '../../shared/schemas/messages'
import { CLAIM_TEXT, FLOOD_BALANCE_MESSAGE } from '../../shared/claims/messages'
import { PROBLEM_MEDIA_TYPE, PROBLEM_TYPES } from '../../shared/api/problem'
import { KEY_REUSED_MESSAGE } from '../../shared/api/problem'

vi.mock('../../islands/ui/navigate', () => ({ goTo: vi.fn() }))
vi.mock('../../islands/report-claim/now', () => ({ now: vi.fn() }))

const { default: ReportClaim } = await import('../../islands/report-claim')
const { goTo } = await import('../../islands/ui/navigate')
const { now } = await import('../../islands/report-claim/now')

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** Issue 10 phase B: the submit seam (files, stable bytes and keys, refusals) and the claim draft. */

const DRAFT_URL = '/v1/flood/ClaimDraft/FLD4040005'
const props = floodProps()
const withDraft = floodProps({ draftUrl: DRAFT_URL })
let fetchMock: Mock<typeof fetch>
let draftAnswer: unknown

beforeEach(() => {
  vi.mocked(now).mockReturnValue(NOW_FL)
  vi.mocked(goTo).mockClear()
  draftAnswer = { draft: null }
  fetchMock = vi.fn<typeof fetch>(async (url, init) => {
    if (url === DRAFT_URL)
      return init?.method === 'DELETE' ? new Response(null, { status: 204 }) : Response.json(init?.method === 'PUT' ? { version: 1 } : draftAnswer)
    return new Response('Your claim has been reported. Your claim number is FL-2026-000001.', { status: 200 })
  })
  vi.stubGlobal('fetch', fetchMock)
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const description = () => screen.getByLabelText('Brief Description of the Loss / Damages *') as HTMLTextAreaElement
const fileInput = () => screen.getByLabelText('Add photos or files') as HTMLInputElement
const problemAnswer = (status: number, body: { type?: string; errorMessage?: string; errors?: Record<string, string> }) =>
  new Response(JSON.stringify({ type: PROBLEM_TYPES.invalidBody, title: 'Refused', status, detail: 'Please check.', errorMessage: 'Please check.', ...body }), {
    status,
    headers: { 'Content-Type': PROBLEM_MEDIA_TYPE },
  })
const claimPosts = () => fetchMock.mock.calls.filter(([url]) => url === props.submitUrl)
const draftCalls = (method: string) => fetchMock.mock.calls.filter(([url, init]) => url === DRAFT_URL && (init?.method ?? 'GET') === method)

function fillRequired() {
  type(description(), 'Water came in under the doors.')
  type(fieldIn('Reported By', 'Reported By *'), 'Erin Castellano')
  typeAndLeave(fieldIn('Reported By', 'Phone Number *'), '9195550164')
  fireEvent.click(screen.getByLabelText('No'))
}

async function send() {
  await click(reportClaim())
  await click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }))
}

const photo = (name: string, size = 4) => new File([new Uint8Array(size).fill(0xff)], name, { type: 'image/jpeg' })
function choose(files: File[]) {
  fireEvent.change(fileInput(), { target: { files } })
}

describe('the multipart body', () => {
  it('is the same bytes for the same claim, files and key (a retry is a replay, never a 422), another boundary for another key', async () => {
    const files = [photo('a.jpg'), new File(['%PDF-1.4'], 'say "hi".pdf', { type: 'application/pdf' })]
    const one = encodeClaim({ policyId: 'X' }, files, 'key-1')
    const again = encodeClaim({ policyId: 'X' }, files, 'key-1')
    expect(await again.body.text()).toBe(await one.body.text())
    expect(one.contentType).toBe('multipart/form-data; boundary=----claim-key-1')
    expect(await one.body.text()).toContain(
      'Content-Disposition: form-data; name="file"; filename="say %22hi%22.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n',
    )
    expect(encodeClaim({ policyId: 'X' }, files, 'key-2').contentType).not.toBe(one.contentType)
  })
})

describe('photos and files', () => {
  it('lists the chosen files, sends them as file parts, and a removed one is not sent', async () => {
    render(<ReportClaim {...props} />)
    fillRequired()
    choose([photo('kitchen.jpg'), photo('hall.jpg')])
    choose([photo('roof.jpg')])
    const list = screen.getByRole('list')
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['kitchen.jpg', 'hall.jpg', 'roof.jpg'])
    await click(screen.getByRole('button', { name: 'Remove hall.jpg' }))
    await send()
    const sent = await sentClaim(claimPosts()[0]!)
    expect(sent.files.map((f) => [f.name, f.type])).toEqual([
      ['kitchen.jpg', 'image/jpeg'],
      ['roof.jpg', 'image/jpeg'],
    ])
    expect(goTo).toHaveBeenCalledWith('/system-message')
  })

  it('refuses an 11th file and a file over 10 MB at once, with the message tied to the input; the list stays', () => {
    render(<ReportClaim {...props} />)
    choose(Array.from({ length: 10 }, (_, i) => photo(`p${i}.jpg`)))
    choose([photo('eleven.jpg')])
    expect(document.getElementById('claim-files-error')?.textContent).toBe(UPLOAD_MSG.tooMany)
    expect(fileInput().getAttribute('aria-describedby')).toContain('claim-files-error')
    expect(screen.getAllByRole('listitem')).toHaveLength(10)
    cleanup()
    render(<ReportClaim {...props} />)
    const big = photo('big.jpg')
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 })
    choose([big])
    expect(document.getElementById('claim-files-error')?.textContent).toBe(UPLOAD_MSG.tooBig('big.jpg'))
    expect(screen.queryByRole('list')).toBeNull()
  })
})

describe('answers of the server', () => {
  it("a refusal shows the server's message, keeps everything typed, and the corrected claim goes with a new key", async () => {
    fetchMock.mockImplementationOnce(async () => Response.json({ errorMessage: UPLOAD_MSG.wrongType('notes.jpg') }, { status: 415 }))
    render(<ReportClaim {...props} />)
    fillRequired()
    choose([photo('notes.jpg')])
    await send()
    const failure = screen.getByRole('alert')
    expect(failure.textContent).toContain(UPLOAD_MSG.wrongType('notes.jpg'))
    expect(failure.textContent).toContain('Nothing you entered has been lost')
    expect(document.activeElement).toBe(failure)
    expect(description().value).toBe('Water came in under the doors.')
    await click(screen.getByRole('button', { name: 'Remove notes.jpg' }))
    await send()
    const [first, second] = await Promise.all(claimPosts().map((c) => sentClaim(c)))
    expect(second!.headers['Idempotency-Key']).not.toBe(first!.headers['Idempotency-Key'])
    expect(goTo).toHaveBeenCalledWith('/system-message')
  })

  it('a refusal no retry can change (403) shows the server\'s message and the claims line, not "please try again"', async () => {
    fetchMock.mockImplementationOnce(async () => Response.json({ errorMessage: FLOOD_BALANCE_MESSAGE }, { status: 403 }))
    render(<ReportClaim {...props} />)
    fillRequired()
    await send()
    const failure = screen.getByRole('alert')
    expect(failure.textContent).toContain(FLOOD_BALANCE_MESSAGE)
    expect(failure.textContent).toContain(CLAIM_TEXT.refusedHelp)
    expect(failure.textContent).not.toContain('please try again')
    expect(within(failure).getByRole('link').getAttribute('href')).toMatch(/^tel:/)
  })

  it('a lost connection keeps the key and the bytes: the retry is the same request', async () => {
    fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch')
    })
    render(<ReportClaim {...props} />)
    fillRequired()
    choose([photo('kitchen.jpg')])
    await send()
    expect(screen.getByRole('alert').textContent).toContain('We could not send your claim.')
    await send()
    const [first, second] = await Promise.all(claimPosts().map((c) => sentClaim(c)))
    expect(second!.headers['Idempotency-Key']).toBe(first!.headers['Idempotency-Key'])
    expect(second!.raw).toBe(first!.raw)
  })
})

describe('answers read through the one call helper (issue 18)', () => {
  it.each([
    ['problem details (errors)', () => problemAnswer(400, { errors: { lossDescription: 'Tell us what happened.' } })],
    [
      "the claim report's older shape (fieldErrors)",
      () => Response.json({ errorMessage: 'Please check.', fieldErrors: { lossDescription: 'Tell us what happened.' } }, { status: 400 }),
    ],
  ])('400 as %s: the message is shown beside the field', async (_name, refusal) => {
    fetchMock.mockImplementationOnce(async () => refusal())
    render(<ReportClaim {...props} />)
    fillRequired()
    await send()
    expectMessage(description(), 'Tell us what happened.')
    expect(goTo).not.toHaveBeenCalled()
  })

  it('422 "key already used with another request": a fresh attempt with a new key, and the island shows that attempt\'s outcome', async () => {
    fetchMock.mockImplementationOnce(async () => problemAnswer(422, { type: PROBLEM_TYPES.keyReused, errorMessage: KEY_REUSED_MESSAGE }))
    render(<ReportClaim {...props} />)
    fillRequired()
    await send()
    const [first, second] = await Promise.all(claimPosts().map((c) => sentClaim(c)))
    expect(claimPosts()).toHaveLength(2)
    expect(second!.headers['Idempotency-Key']).not.toBe(first!.headers['Idempotency-Key'])
    expect(second!.submission).toEqual(first!.submission)
    expect(goTo).toHaveBeenCalledWith('/system-message')
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('our store failed (503, decision 144)', () => {
  it("shows the server's message beside Report Claim, keeps everything typed and the files, frees the button, and the retry is the same request", async () => {
    const STORE = MSG.storeUnavailable
    fetchMock.mockImplementationOnce(async () => Response.json({ errorMessage: STORE }, { status: 503 }))
    render(<ReportClaim {...props} />)
    fillRequired()
    choose([photo('kitchen.jpg')])
    await send()

    const failure = screen.getByRole('alert')
    expect(failure.textContent).toContain(STORE)
    expect(failure.textContent).toContain('Nothing you entered has been lost')
    expect(failure.nextElementSibling?.contains(reportClaim())).toBe(true)
    expect(document.activeElement).toBe(failure)
    expect(reportClaim().getAttribute('aria-disabled')).toBeNull()
    expect(description().value).toBe('Water came in under the doors.')
    expect(fieldIn('Reported By', 'Reported By *').value).toBe('Erin Castellano')
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(1)
    expect(goTo).not.toHaveBeenCalled()

    await send()
    const [first, second] = await Promise.all(claimPosts().map((c) => sentClaim(c)))
    expect(claimPosts()).toHaveLength(2)
    expect(second!.headers['Idempotency-Key']).toBe(first!.headers['Idempotency-Key'])
    expect(second!.raw).toBe(first!.raw)
    expect(goTo).toHaveBeenCalledWith('/system-message')
  })
})

describe('the claim draft', () => {
  it('offers a saved draft back; Continue puts its values in the form', async () => {
    draftAnswer = { draft: { values: { description: 'Water in the garage', reporter: { name: 'Erin C' } }, version: 3 } }
    render(<ReportClaim {...withDraft} />)
    await click(await screen.findByRole('button', { name: 'Continue your claim' }))
    expect(description().value).toBe('Water in the garage')
    expect(fieldIn('Reported By', 'Reported By *').value).toBe('Erin C')
    expect(fieldIn('Insured Information', 'First Name').value).toBe('Erin')
    expect(screen.queryByRole('button', { name: 'Continue your claim' })).toBeNull()
  })

  it('saves what is typed once the typing pauses', async () => {
    vi.useFakeTimers()
    render(<ReportClaim {...withDraft} />)
    await act(async () => {
      type(description(), 'Water came in')
    })
    await act(async () => {
      vi.advanceTimersByTime(DRAFT_SAVE_MS - 1)
    })
    expect(draftCalls('PUT')).toHaveLength(0)
    await act(async () => {
      vi.advanceTimersByTime(1)
    })
    expect(draftCalls('PUT')).toHaveLength(1)
    expect(JSON.parse(draftCalls('PUT')[0]![1]!.body as string).values).toMatchObject({ description: 'Water came in' })
  })

  it('Discard it deletes the draft; Cancel with a draft asks, then deletes it and leaves', async () => {
    draftAnswer = { draft: { values: { description: 'Old claim' }, version: 1 } }
    render(<ReportClaim {...withDraft} />)
    await click(await screen.findByRole('button', { name: 'Discard it' }))
    expect(draftCalls('DELETE')).toHaveLength(1)
    expect(description().value).toBe('')
    cleanup()

    render(<ReportClaim {...withDraft} />)
    await screen.findByRole('button', { name: 'Continue your claim' })
    await click(screen.getByRole('link', { name: 'Cancel' }))
    const question = screen.getByRole('alert')
    expect(question.textContent).toContain('Leave this page and discard the claim you started?')
    expect(document.activeElement).toBe(question)
    expect(goTo).not.toHaveBeenCalled()
    await click(within(question).getByRole('button', { name: 'Discard claim' }))
    expect(draftCalls('DELETE')).toHaveLength(2)
    expect(goTo).toHaveBeenCalledWith('/policy-information')
  })

  it('a draft that answers after the user started typing is not offered over what they typed', async () => {
    let answer: (r: Response) => void = () => {}
    draftAnswer = { draft: { values: { description: 'Old claim' }, version: 1 } }
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)))
    render(<ReportClaim {...withDraft} />)
    await act(async () => {
      type(description(), 'Water came in')
    })
    await act(async () => {
      answer(Response.json(draftAnswer))
    })
    expect(screen.queryByRole('button', { name: 'Continue your claim' })).toBeNull()
    expect(description().value).toBe('Water came in')
  })

  it('without a draft, Cancel is a plain link', async () => {
    render(<ReportClaim {...withDraft} />)
    const cancel = screen.getByRole('link', { name: 'Cancel' })
    const event = new MouseEvent('click', { bubbles: true, cancelable: true })
    await act(async () => {
      cancel.dispatchEvent(event)
    })
    expect(event.defaultPrevented).toBe(false)
    expect(screen.queryByText('Leave this page and discard the claim you started?')).toBeNull()
  })
})
