/**
 * Payment History (spec 000 "Payment History" and section 9): newest post date first, 10 a page,
 * 3 page numbers visible at once, first/last buttons only with 4 or more pages.
 */
export const PAYMENT_HISTORY_PAGE_SIZE = 10
const VISIBLE_PAGE_NUMBERS = 3
const FIRST_LAST_MIN_PAGES = 4

/** Sorted copies of frozen lists (the worker's cached policies): such a list never changes, nor its order. */
const sortedFrozen = new WeakMap<readonly object[], readonly object[]>()

/**
 * Newest post date first (dates are yyyy-mm-dd, so text order is date order); ties keep their order.
 * A frozen list (a policy from the worker's per-isolate cache) is sorted once and the frozen result kept
 * with it, so a policy with thousands of payments does not sort them all on every page (decision 145).
 */
export function sortNewestFirst<P extends { postDate: string }>(payments: readonly P[]): readonly P[] {
  const kept = sortedFrozen.get(payments) as readonly P[] | undefined
  if (kept) return kept
  const sorted = payments
    .map((p, i) => ({ p, i }))
    .sort((a, b) => (a.p.postDate === b.p.postDate ? a.i - b.i : a.p.postDate < b.p.postDate ? 1 : -1))
    .map(({ p }) => p)
  if (!Object.isFrozen(payments)) return sorted
  Object.freeze(sorted)
  sortedFrozen.set(payments, sorted)
  return sorted
}

export interface Pager {
  page: number
  pageCount: number
  /** The page numbers shown: at most 3, around the current page. */
  numbers: number[]
  showFirstLast: boolean
  previous: number | null
  next: number | null
}

export function pageCount(total: number, size = PAYMENT_HISTORY_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size))
}

/** A requested page (from ?page=): a whole number within 1..pageCount, else the nearest valid page. */
export function clampPage(raw: string | number | null | undefined, count: number): number {
  const n = typeof raw === 'number' ? raw : Number.parseInt(String(raw ?? ''), 10)
  if (!Number.isFinite(n) || n < 1) return 1
  return Math.min(Math.trunc(n), count)
}

export function pager(page: number, count: number): Pager {
  const window = Math.min(VISIBLE_PAGE_NUMBERS, count)
  const start = Math.min(Math.max(1, page - Math.floor(VISIBLE_PAGE_NUMBERS / 2)), count - window + 1)
  return {
    page,
    pageCount: count,
    numbers: Array.from({ length: window }, (_, i) => start + i),
    showFirstLast: count >= FIRST_LAST_MIN_PAGES,
    previous: page > 1 ? page - 1 : null,
    next: page < count ? page + 1 : null,
  }
}

/** One page of the history, sorted, with its pager. */
export function paymentHistoryPage<P extends { postDate: string }>(payments: readonly P[], requested: string | number | null | undefined) {
  const sorted = sortNewestFirst(payments)
  const count = pageCount(sorted.length)
  const page = clampPage(requested, count)
  const rows = sorted.slice((page - 1) * PAYMENT_HISTORY_PAGE_SIZE, page * PAYMENT_HISTORY_PAGE_SIZE)
  return { rows, pager: pager(page, count) }
}
