import { describe, it, expect } from 'vitest'
import { reportClaimOpensClaimsList, sideNavItems, type NavFacts } from '../../shared/policy/navigation'
import { clampPage, pageCount, pager, paymentHistoryPage, sortNewestFirst, PAYMENT_HISTORY_PAGE_SIZE } from '../../shared/payments/payment-history'

/** Spec 000 "Navigation menus and header" and "Payment History" / section 9. */

const base: NavFacts = {
  policyStatus: 'Active',
  previousCancelled: false,
  isFlood: false,
  isExcessFlood: false,
  isUmbrella: false,
  eSignatureRequired: false,
  claims: [],
}
const labels = (facts: Partial<NavFacts>) => sideNavItems({ ...base, ...facts }).map((i) => i.label)

describe('side nav items and their permission rules', () => {
  const always = ['Documents', 'Agent Information', 'Payment History', 'Claims History']
  it.each([
    ['active homeowners', {}, ['Policy Summary', 'Report a Claim', 'Make a Payment', ...always, 'E-Signatures']],
    [
      "e-signature required: 'E-Signature Required' instead of 'E-Signatures'",
      { eSignatureRequired: true },
      ['Policy Summary', 'Report a Claim', 'Make a Payment', ...always, 'E-Signature Required'],
    ],
    ['cancelled: no claim, no payment', { policyStatus: 'Cancelled - Non-Payment' }, ['Policy Summary', ...always, 'E-Signatures']],
    ['previously cancelled: no payment', { previousCancelled: true }, ['Policy Summary', 'Report a Claim', ...always, 'E-Signatures']],
    ['flood: no e-signature items', { isFlood: true }, ['Policy Summary', 'Report a Claim', 'Make a Payment', ...always]],
    ['flood requiring e-signature: still none', { isFlood: true, eSignatureRequired: true }, ['Policy Summary', 'Report a Claim', 'Make a Payment', ...always]],
    ['excess flood: no claim, no e-signature items', { isFlood: true, isExcessFlood: true }, ['Policy Summary', 'Make a Payment', ...always]],
    ['umbrella: no e-signature items', { isUmbrella: true }, ['Policy Summary', 'Report a Claim', 'Make a Payment', ...always]],
  ] as const)('%s', (_name, facts, expected) => expect(labels(facts)).toEqual(expected))

  it("routes 'E-Signature Required' to /e-sign (ESignature) and 'E-Signatures' to /e-sign-history (ESignHistory)", () => {
    expect(sideNavItems({ ...base, eSignatureRequired: true }).at(-1)).toEqual({ label: 'E-Signature Required', to: 'ESignature' })
    expect(sideNavItems(base).at(-1)).toEqual({ label: 'E-Signatures', to: 'ESignHistory' })
  })
})

describe("'If the policy already has claims, it opens a claims-list modal instead of going straight to the route.'", () => {
  it.each([
    ['no claims', {}, false],
    ['claims', { claims: [{}] }, true],
    ['claims but cancelled (no Report a Claim at all)', { claims: [{}], policyStatus: 'Cancelled' }, false],
    ['claims but excess flood (no Report a Claim at all)', { claims: [{}], isFlood: true, isExcessFlood: true }, false],
  ] as const)('%s -> %s', (_name, facts, expected) => {
    const p = { ...base, ...facts }
    expect(reportClaimOpensClaimsList(p)).toBe(expected)
    const item = sideNavItems(p).find((i) => i.label === 'Report a Claim')
    expect(Boolean(item?.opensClaimsList)).toBe(expected)
  })
})

describe("Payment history: 'Sorted newest post date first'", () => {
  it('sorts by post date, newest first, keeping the order of equal dates', () => {
    const rows = [
      { postDate: '2025-01-05', n: 1 },
      { postDate: '2026-03-01', n: 2 },
      { postDate: '2025-12-31', n: 3 },
      { postDate: '2026-03-01', n: 4 },
    ]
    expect(sortNewestFirst(rows).map((r) => r.n)).toEqual([2, 4, 3, 1])
  })

  it('sorts a frozen list (a cached policy) once and keeps the frozen result; a mutable list is sorted afresh', () => {
    const rows = [{ postDate: '2025-01-05' }, { postDate: '2026-03-01' }]
    expect(sortNewestFirst(rows)).not.toBe(sortNewestFirst(rows))
    Object.freeze(rows)
    const sorted = sortNewestFirst(rows)
    expect(sortNewestFirst(rows)).toBe(sorted)
    expect(Object.isFrozen(sorted)).toBe(true)
    expect(sorted.map((r) => r.postDate)).toEqual(['2026-03-01', '2025-01-05'])
  })
})

describe("Payment history paging: 'page size 10; 3 page numbers visible at once; first/last buttons only with 4 or more pages'", () => {
  it('page size is 10', () => expect(PAYMENT_HISTORY_PAGE_SIZE).toBe(10))

  it.each([
    [0, 1],
    [1, 1],
    [10, 1],
    [11, 2],
    [13, 2],
    [30, 3],
    [31, 4],
    [36, 4],
  ])('%i payments make %i page(s)', (n, pages) => {
    expect(pageCount(n)).toBe(pages)
  })

  it.each([
    ['1 page', 1, 1, [1], false],
    ['2 pages, on 1', 1, 2, [1, 2], false],
    ['3 pages, on 3', 3, 3, [1, 2, 3], false],
    ['4 pages, on 1', 1, 4, [1, 2, 3], true],
    ['4 pages, on 2', 2, 4, [1, 2, 3], true],
    ['4 pages, on 3', 3, 4, [2, 3, 4], true],
    ['4 pages, on 4', 4, 4, [2, 3, 4], true],
    ['9 pages, on 5', 5, 9, [4, 5, 6], true],
  ] as const)('%s: numbers %j, first/last %s', (_name, page, count, numbers, firstLast) => {
    const p = pager(page, count)
    expect(p.numbers).toEqual(numbers)
    expect(p.showFirstLast).toBe(firstLast)
    expect(p.previous).toBe(page > 1 ? page - 1 : null)
    expect(p.next).toBe(page < count ? page + 1 : null)
  })

  it.each([
    [undefined, 4, 1],
    ['', 4, 1],
    ['abc', 4, 1],
    ['0', 4, 1],
    ['-3', 4, 1],
    ['2', 4, 2],
    ['4', 4, 4],
    ['99', 4, 4],
    ['2.7', 4, 2],
    [3, 4, 3],
  ] as const)('?page=%j of %i pages is page %i', (raw, count, page) => expect(clampPage(raw, count)).toBe(page))

  it('gives the rows of the requested page, newest first', () => {
    const payments = Array.from({ length: 36 }, (_, i) => ({ postDate: `2024-01-${String((i % 28) + 1).padStart(2, '0')}`, i }))
    const sorted = sortNewestFirst(payments)
    const first = paymentHistoryPage(payments, '1')
    expect(first.rows).toEqual(sorted.slice(0, 10))
    const last = paymentHistoryPage(payments, '4')
    expect(last.rows).toEqual(sorted.slice(30))
    expect(last.pager).toMatchObject({ page: 4, pageCount: 4, numbers: [2, 3, 4], showFirstLast: true, next: null })
  })
})
