import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import { click, floodProps, NOW_FL } from './claim-helpers'
import { DRAFT_TEXT } from '../../shared/claims/messages'
import { reportClaimIslandTexts } from '../../shared/claims/texts/report-claim-island'

vi.mock('../../islands/ui/navigate', () => ({ goTo: vi.fn() }))
vi.mock('../../islands/report-claim/now', () => ({ now: vi.fn() }))

const { default: ReportClaim } = await import('../../islands/report-claim')
const { FilesSection } = await import('../../islands/report-claim/parts')
const { now } = await import('../../islands/report-claim/now')
const { ClaimTextsContext } = await import('../../islands/report-claim/texts')

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** Issue 35 item 6 (decision 227): each chosen photo as a thumbnail with its name, size and Remove. */

const FILE_URL = '/v1/flood/ClaimFile/FLD4040005'
/** Uploads of a 'slow-*' file never answer (the line stays Uploading…); others are stored at once. */
function uploadAnswer(init: RequestInit): Promise<Response> {
  const name = decodeURIComponent((init.headers as Record<string, string>)['X-File-Name']!)
  if (name.startsWith('slow-')) return new Promise<Response>(() => {})
  return Promise.resolve(Response.json({ fileId: `cf_${name}`, name, contentType: 'image/jpeg', bytes: 4, sha256: 'x' }, { status: 201 }))
}

let made: string[]
let revoked: string[]
let fetchMock: Mock<typeof fetch>

beforeEach(() => {
  vi.mocked(now).mockReturnValue(NOW_FL)
  made = []
  revoked = []
  let n = 0
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    const url = `blob:test/${++n}`
    made.push(url)
    return url
  })
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url: string) => void revoked.push(url))
  fetchMock = vi.fn<typeof fetch>(async (url, init) => (url === FILE_URL ? uploadAnswer(init!) : new Response('', { status: 200 })))
  vi.stubGlobal('fetch', fetchMock)
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const fileInput = () => screen.getByLabelText(DRAFT_TEXT.filesLabel) as HTMLInputElement
const choose = (files: File[]) => act(async () => void fireEvent.change(fileInput(), { target: { files } }))
const photo = (name: string, bytes = 4) => new File([new Uint8Array(bytes).fill(0xff)], name, { type: 'image/jpeg' })
const pdf = (name: string) => new File(['%PDF-1.7\n'], name, { type: 'application/pdf' })
const lineOf = (name: string) => screen.getAllByRole('listitem').find((li) => li.querySelector('.claim-file__name')?.textContent === name)!
const status = () => screen.getByTestId('claim-files-status')

describe('photos as thumbnails (decision 227)', () => {
  it('shows each photo as a thumbnail from its own object URL, with its name and size', async () => {
    render(<ReportClaim {...floodProps()} />)
    await choose([photo('kitchen.jpg', 2_500_000), photo('hall.jpg', 300 * 1024)])
    const kitchen = lineOf('kitchen.jpg')
    const hall = lineOf('hall.jpg')
    expect(kitchen.querySelector('img')?.getAttribute('src')).toBe(made[0])
    expect(hall.querySelector('img')?.getAttribute('src')).toBe(made[1])
    expect(kitchen.querySelector('img')?.getAttribute('alt')).toBe('') // the name beside it says what it is
    expect(kitchen.textContent).toContain('2.4 MB')
    expect(hall.textContent).toContain('300 KB')
    expect(within(kitchen).getByRole('button', { name: 'Remove kitchen.jpg' })).toBeTruthy()
    expect(made).toHaveLength(2)
  })

  it("Remove drops the line, revokes that photo's URL alone, and gives focus back to the picker; leaving the page revokes the rest", async () => {
    const { unmount } = render(<ReportClaim {...floodProps()} />)
    await choose([photo('kitchen.jpg'), photo('hall.jpg')])
    const [kitchenUrl, hallUrl] = made
    await click(screen.getByRole('button', { name: 'Remove kitchen.jpg' }))
    expect(lineOf('kitchen.jpg')).toBeUndefined()
    expect(revoked).toEqual([kitchenUrl])
    expect(document.activeElement).toBe(fileInput())
    unmount()
    expect(revoked).toEqual([kitchenUrl, hallUrl])
  })

  it('shows a PDF as a PDF icon, making no object URL for it', async () => {
    render(<ReportClaim {...floodProps()} />)
    await choose([pdf('estimate.pdf')])
    const line = lineOf('estimate.pdf')
    expect(line.querySelector('img')).toBeNull()
    const icon = line.querySelector('.claim-file__icon--pdf')
    expect(icon?.textContent).toBe(DRAFT_TEXT.pdfIcon)
    expect(icon?.getAttribute('aria-hidden')).toBe('true')
    expect(made).toEqual([])
  })

  it('pictures a HEIC photo (which browsers cannot draw) as a photo icon, and a refused text file as a file icon with its reason', async () => {
    render(<ReportClaim {...floodProps()} />)
    await choose([new File([new Uint8Array(8)], 'porch.heic', { type: 'image/heic' }), new File(['hello'], 'notes.txt', { type: 'text/plain' })])
    expect(lineOf('porch.heic').querySelector('.claim-file__icon--photo')?.textContent).toBe(DRAFT_TEXT.photoIcon)
    const notes = lineOf('notes.txt')
    expect(notes.querySelector('.claim-file__icon--file')?.textContent).toBe(DRAFT_TEXT.fileIcon)
    expect(notes.querySelector('.claim-file__error')?.textContent).toContain('notes.txt is not a photo')
    expect(made).toEqual([])
  })

  it('says politely what changed: the files added, one removed, one uploaded', async () => {
    render(<ReportClaim {...floodProps()} />)
    expect(status().getAttribute('aria-live')).toBe('polite')
    expect(status().getAttribute('role')).toBe('status')
    await choose([photo('slow-kitchen.jpg'), photo('slow-hall.jpg')])
    expect(status().textContent).toBe('Added 2 files: slow-kitchen.jpg, slow-hall.jpg.')
    await click(screen.getByRole('button', { name: 'Remove slow-hall.jpg' }))
    expect(status().textContent).toBe('Removed slow-hall.jpg.')
    await choose([photo('roof.jpg')])
    expect(status().textContent).toBe('roof.jpg uploaded.')
    // The list itself is not a live region: only the sentence is heard, not every line again.
    expect(screen.getByRole('list', { name: DRAFT_TEXT.filesChosen }).getAttribute('aria-live')).toBeNull()
  })

  it("as served the field is the browser's own file input; once hydrated the same input lies over an 'Add photos or files' button", async () => {
    // The island's parts read their texts from ReportClaim's context (issue 36): the part alone gets the English ones.
    const served = renderToString(
      <ClaimTextsContext.Provider value={{ t: reportClaimIslandTexts.en, messages: {} }}>
        <FilesSection files={[]} error="" onAdd={() => {}} onRemove={() => {}} onRetry={() => {}} />
      </ClaimTextsContext.Provider>,
    )
    expect(served).toContain('<label for="claim-files">Add photos or files</label>')
    expect(served).not.toContain('file-picker')
    render(<ReportClaim {...floodProps()} />)
    const input = fileInput()
    expect(input.type).toBe('file')
    expect(input.className).toBe('file-picker__input')
    expect(input.closest('label')?.className).toBe('btn btn--secondary file-picker')
    expect(input.getAttribute('aria-describedby')).toBe('claim-files-hint')
  })
})
