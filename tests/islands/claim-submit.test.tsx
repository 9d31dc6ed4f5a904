import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import { click, expectMessage, fieldIn, floodProps, NOW_FL, reportClaim, sentClaim, type, typeAndLeave } from './claim-helpers'
import { DRAFT_TEXT } from '../../shared/claims/messages'
import { DRAFT_SAVE_MS } from '../../islands/report-claim/draft'
import { UPLOAD_MSG } from '../../shared/claims/uploads'
import { MSG } from '../../shared/forms/messages'
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
const FILE_URL = '/v1/flood/ClaimFile/FLD4040005'
/** The upload answers by file name: 'x-*' is refused as not a photo, 'slow-*' waits for a test's release, others are stored. */
let releaseSlow: (() => void) | null = null
async function uploadAnswer(init: RequestInit): Promise<Response> {
  const name = decodeURIComponent((init.headers as Record<string, string>)['X-File-Name']!)
  if (name.startsWith('x-')) return problemAnswer(415, { type: 'about:blank', errorMessage: UPLOAD_MSG.wrongType(name) })
  if (name.startsWith('slow-')) await new Promise<void>((resolve) => (releaseSlow = resolve))
  return Response.json({ fileId: `cf_${name}`, name, contentType: 'image/jpeg', bytes: 4, sha256: 'x' }, { status: 201 })
}
/** The list line of a chosen file (its name, then its status and buttons). */
const lineOf = (name: string) => screen.getAllByRole('listitem').find((li) => li.querySelector('.claim-file__name')?.textContent === name)!
const uploads = () => fetchMock.mock.calls.filter(([url]) => url === FILE_URL)
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
    if (url === FILE_URL) return uploadAnswer(init!)
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
  // The flood form's date and time of loss start empty (issue 35 item 2).
  typeAndLeave(screen.getByLabelText('Date of Loss *'), '2026-11-23')
  typeAndLeave(screen.getByLabelText('Time of Loss *'), '09:20')
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

describe('photos and files, each uploaded when chosen (decision 169)', () => {
  it('uploads each chosen file on its own request, shows it Uploaded, and Confirm sends their fileIds; a removed one is not sent', async () => {
    render(<ReportClaim {...props} />)
    fillRequired()
    await act(async () => choose([photo('kitchen.jpg'), photo('hall.jpg')]))
    await act(async () => choose([photo('roof.jpg')]))
    expect(uploads()).toHaveLength(3)
    const [url, init] = uploads()[0]!
    expect(url).toBe(FILE_URL)
    expect(init!.body).toBeInstanceOf(File)
    expect(init!.headers).toMatchObject({ 'Content-Type': 'image/jpeg', 'X-File-Name': 'kitchen.jpg', 'Idempotency-Key': expect.any(String) })
    const lines = within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    expect(lines.every((l) => l?.includes(DRAFT_TEXT.uploaded))).toBe(true)
    await click(screen.getByRole('button', { name: 'Remove hall.jpg' }))
    await send()
    const sent = await sentClaim(claimPosts()[0]!)
    expect(sent.headers['Content-Type']).toBe('application/json')
    expect(sent.fileIds).toEqual(['cf_kitchen.jpg', 'cf_roof.jpg'])
    expect(goTo).toHaveBeenCalledWith('/system-message')
  })

  it('a file the server refuses shows which one and why, the others stay; Confirm waits until it is removed', async () => {
    render(<ReportClaim {...props} />)
    fillRequired()
    await act(async () => choose([photo('kitchen.jpg'), photo('x-notes.jpg')]))
    const failed = lineOf('x-notes.jpg')
    expect(failed.textContent).toContain(UPLOAD_MSG.wrongType('x-notes.jpg'))
    expect(within(failed).queryByRole('button', { name: 'Retry x-notes.jpg' })).toBeNull() // refused for what it is: Retry cannot help
    expect(lineOf('kitchen.jpg').textContent).toContain(DRAFT_TEXT.uploaded)
    await send()
    expect(claimPosts()).toHaveLength(0)
    expect(document.getElementById('claim-files-error')?.textContent).toBe(DRAFT_TEXT.filesPending)
    await click(screen.getByRole('button', { name: 'Remove x-notes.jpg' }))
    await send()
    expect((await sentClaim(claimPosts()[0]!)).fileIds).toEqual(['cf_kitchen.jpg'])
  })

  it('shows Uploading… while a file travels; a lost connection offers Retry, which sends it again with the same key', async () => {
    render(<ReportClaim {...props} />)
    await act(async () => choose([photo('slow-porch.jpg')]))
    const line = () => lineOf('slow-porch.jpg')
    expect(line().textContent).toContain(DRAFT_TEXT.uploading)
    await act(async () => releaseSlow!())
    expect(line().textContent).toContain(DRAFT_TEXT.uploaded)

    fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('network down')
    })
    await act(async () => choose([photo('yard.jpg')]))
    const yard = lineOf('yard.jpg')
    expect(yard.textContent).toContain(DRAFT_TEXT.uploadFailed)
    await click(within(yard).getByRole('button', { name: 'Retry yard.jpg' }))
    const [first, second] = uploads().slice(-2)
    expect((second![1]!.headers as Record<string, string>)['Idempotency-Key']).toBe((first![1]!.headers as Record<string, string>)['Idempotency-Key'])
    expect(lineOf('yard.jpg').textContent).toContain(DRAFT_TEXT.uploaded)
  })

  it('refuses at once, without sending it, a file that is not a photo or a PDF by its type and name, one over 10 MB, and an 11th file', async () => {
    render(<ReportClaim {...props} />)
    await act(async () => choose([new File(['hello'], 'notes.txt', { type: 'text/plain' })]))
    expect(uploads()).toHaveLength(0)
    expect(lineOf('notes.txt').textContent).toContain(UPLOAD_MSG.wrongType('notes.txt'))
    const big = photo('big.jpg')
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 })
    await act(async () => choose([big]))
    expect(lineOf('big.jpg').textContent).toContain(UPLOAD_MSG.tooBig('big.jpg'))
    expect(uploads()).toHaveLength(0)
    await act(async () => choose(Array.from({ length: 9 }, (_, i) => photo(`p${i}.jpg`))))
    expect(document.getElementById('claim-files-error')?.textContent).toBe(UPLOAD_MSG.tooMany)
    expect(fileInput().getAttribute('aria-describedby')).toContain('claim-files-error')
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
  })
})

describe('answers of the server', () => {
  it("a refusal shows the server's message, keeps everything typed, and the corrected claim goes with a new key", async () => {
    render(<ReportClaim {...props} />)
    fillRequired()
    await act(async () => choose([photo('kitchen.jpg')]))
    fetchMock.mockImplementationOnce(async () => problemAnswer(400, { type: 'about:blank', errorMessage: 'The claim has errors.' }))
    await send()
    const failure = screen.getByRole('alert')
    expect(failure.textContent).toContain('The claim has errors.')
    expect(failure.textContent).toContain('Nothing you entered has been lost')
    expect(document.activeElement).toBe(failure)
    expect(description().value).toBe('Water came in under the doors.')
    expect(lineOf('kitchen.jpg').textContent).toContain(DRAFT_TEXT.uploaded)
    type(description(), 'Water came in under the doors and the garage.')
    await send()
    const [first, second] = await Promise.all(claimPosts().map((c) => sentClaim(c)))
    expect(second!.headers['Idempotency-Key']).not.toBe(first!.headers['Idempotency-Key'])
    expect(second!.fileIds).toEqual(['cf_kitchen.jpg'])
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
    render(<ReportClaim {...props} />)
    fillRequired()
    await act(async () => choose([photo('kitchen.jpg')]))
    fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch')
    })
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
    render(<ReportClaim {...props} />)
    fillRequired()
    await act(async () => choose([photo('kitchen.jpg')]))
    fetchMock.mockImplementationOnce(async () => Response.json({ errorMessage: STORE }, { status: 503 }))
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
