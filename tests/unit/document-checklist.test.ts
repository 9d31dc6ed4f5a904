import { describe, expect, it } from 'vitest'
import { documentChecklist, isOutstanding, newItems, requestKey, type DocumentNews, type SentDocument } from '../../shared/claims/follow-up/document-checklist'

/**
 * Issue 32 item 4 (decision 207): one line per document asked for however often it was asked, its state
 * from the newest file sent for it and the claims system's news of that file, whatever order they came in.
 */
const request = (date: string, ...items: string[]) => ({ date, items })
const file = (documentId: string, answers: string | null, sentOn = '2026-11-06', name = `${documentId}.pdf`): SentDocument => ({
  documentId,
  name,
  answers: answers === null ? null : requestKey(answers),
  sentOn,
})
const news = (documentId: string, kind: DocumentNews['kind'], date = '2026-11-07'): DocumentNews => ({ documentId, kind, date })

describe('the documents checklist', () => {
  it('a request repeated with the same items (any case or spacing) is one line per item, asked on the first date', () => {
    const lines = documentChecklist(
      [request('2026-11-05', 'Plumber invoice', 'Photos of the ceiling'), request('2026-11-08', 'plumber  invoice ', 'Photos of the ceiling')],
      [],
      [],
    )
    expect(lines.map((l) => [l.item, l.askedOn, l.state])).toEqual([
      ['Plumber invoice', '2026-11-05', 'requested'],
      ['Photos of the ceiling', '2026-11-05', 'requested'],
    ])
  })

  it('requested, then sent, then received, then accepted: the line follows its file', () => {
    const req = [request('2026-11-05', 'Plumber invoice')]
    expect(documentChecklist(req, [file('cf_a', 'Plumber invoice')], [])[0]).toMatchObject({
      state: 'sent',
      document: { name: 'cf_a.pdf', date: '2026-11-06' },
    })
    expect(documentChecklist(req, [file('cf_a', 'Plumber invoice')], [news('cf_a', 'received')])[0]).toMatchObject({
      state: 'received',
      document: { date: '2026-11-07' },
    })
    expect(documentChecklist(req, [file('cf_a', 'Plumber invoice')], [news('cf_a', 'received'), news('cf_a', 'accepted', '2026-11-09')])[0]?.state).toBe(
      'accepted',
    )
  })

  it('the review counts whatever order the news came in (a late received does not undo an acceptance)', () => {
    const req = [request('2026-11-05', 'Plumber invoice')]
    expect(documentChecklist(req, [file('cf_a', 'Plumber invoice')], [news('cf_a', 'accepted'), news('cf_a', 'received')])[0]?.state).toBe('accepted')
  })

  it('another one needed, then a new file: the line starts again at sent', () => {
    const req = [request('2026-11-05', 'Plumber invoice')]
    const files = [file('cf_a', 'Plumber invoice'), file('cf_b', 'Plumber invoice', '2026-11-10')]
    expect(documentChecklist(req, files.slice(0, 1), [news('cf_a', 'another-needed')])[0]?.state).toBe('another-needed')
    expect(documentChecklist(req, files, [news('cf_a', 'another-needed')])[0]).toMatchObject({ state: 'sent', document: { name: 'cf_b.pdf' } })
  })

  it('a file that answers no request, or news of an unknown file, changes no line', () => {
    const lines = documentChecklist([request('2026-11-05', 'Plumber invoice')], [file('cf_x', null)], [news('cf_x', 'received'), news('cf_zz', 'accepted')])
    expect(lines[0]?.state).toBe('requested')
  })

  it('outstanding: requested and another-needed only', () => {
    expect((['requested', 'sent', 'received', 'accepted', 'another-needed'] as const).filter(isOutstanding)).toEqual(['requested', 'another-needed'])
  })

  it('a new request brings only the items not already asked for', () => {
    expect(newItems([['Plumber invoice']], ['PLUMBER INVOICE'])).toEqual([])
    expect(newItems([['Plumber invoice']], ['Plumber invoice', 'Roof estimate', 'roof estimate'])).toEqual(['Roof estimate'])
    expect(newItems([], ['Plumber invoice'])).toEqual(['Plumber invoice'])
  })
})

describe("'Please send the documents listed'", () => {
  it('goes away once nothing is outstanding', async () => {
    const { nextStep } = await import('../../shared/claims/next-step')
    const base = { stage: 'documents-requested' as const, inspectionDate: null, proofOfLossDue: null }
    expect(nextStep({ ...base, documentsOutstanding: true }).text).toContain('Please send the documents listed')
    expect(nextStep({ ...base, documentsOutstanding: false }).text).not.toContain('Please send')
  })
})
