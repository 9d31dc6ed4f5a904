import type { Policy } from '../../../shared/policy/schemas/policy'
import { pathOf } from '../../../shared/routes'
import { formatDate, formatUsd } from '../../../shared/format'
import { paymentHistoryPage, type Pager } from '../../../shared/payments/payment-history'
import { renderPage } from '../../render/render-page'
import { policyContext } from '../../middleware/guards'
import { DataTable, EmptyText, Screen } from '../policy/parts'
import { pendingHistoryDescription, type PendingPayment } from '../../../shared/payments/pending'
import { localDate } from '../../../shared/clock'
import { definePage } from '../page'

const NO_PAYMENTS = 'There is no payment history on this policy.'

function pageHref(n: number): string {
  return `${pathOf('PaymentHist')}?page=${n}`
}

/**
 * Page links (plain links, so paging works without script): First/Last only with 4 or more pages (the
 * spec's rule, shared/payments/payment-history.ts), Previous/Next, the page numbers, and where you are.
 * On phones the words fold to arrows (CSS) and the numbers give way to 'Page 1 of 4', so it is one line.
 */
function Pagination({ pager }: { pager: Pager }) {
  if (pager.pageCount < 2) return null
  const { page, pageCount, numbers, showFirstLast, previous, next } = pager
  return (
    <nav className="pagination" aria-label="Payment history pages">
      <ul>
        {showFirstLast && (
          <li>
            <PageLink n={1} disabled={page === 1} step="first">
              First
            </PageLink>
          </li>
        )}
        <li>
          <PageLink n={previous} disabled={previous === null} step="previous">
            Previous
          </PageLink>
        </li>
        {numbers.map((n) => (
          <li key={n} className="pagination__number">
            <a href={pageHref(n)} aria-current={n === page ? 'page' : undefined} aria-label={`Page ${n}`}>
              {n}
            </a>
          </li>
        ))}
        {/* Drawn by CSS from data-where: the status line above the table already says it to screen readers. */}
        <li className="pagination__where" aria-hidden="true" data-where={`Page ${page} of ${pageCount}`} />
        <li>
          <PageLink n={next} disabled={next === null} step="next">
            Next
          </PageLink>
        </li>
        {showFirstLast && (
          <li>
            <PageLink n={pageCount} disabled={page === pageCount} step="last">
              Last
            </PageLink>
          </li>
        )}
      </ul>
    </nav>
  )
}

/** A link, or plain text when it would lead nowhere (an <a> without href is not focusable). */
function PageLink({ n, disabled, step, children }: { n: number | null; disabled: boolean; step: 'first' | 'previous' | 'next' | 'last'; children: string }) {
  if (disabled || n === null) return <span className={`pagination__disabled pagination__step pagination__${step}`}>{children}</span>
  return (
    <a className={`pagination__step pagination__${step}`} href={pageHref(n)}>
      {children}
    </a>
  )
}

/**
 * Spec 000 "Payment History": Date, Amount, Check #, Description; newest post date first, 10 a page.
 * A payment still being processed (decision 171) is not posted to the policy yet: it heads the first
 * page as its own row, dated the day it was made in the policy's state, its description saying Pending.
 */
function PaymentHistoryView({ policy, page, pending = null }: { policy: Policy; page: string | undefined; pending?: PendingPayment | null }) {
  const pendingEntry = pending && {
    postDate: localDate(pending.createdAt, policy.state),
    amount: pending.amountCents,
    checkNumber: '',
    description: pendingHistoryDescription(pending),
  }
  if (policy.payments.length === 0 && !pendingEntry) {
    return (
      <Screen title="Payment History" id="payments-heading">
        <EmptyText>{NO_PAYMENTS}</EmptyText>
      </Screen>
    )
  }
  const history = paymentHistoryPage(policy.payments, page)
  const { pager } = history
  const rows = pendingEntry && pager.page === 1 ? [pendingEntry, ...history.rows] : history.rows
  return (
    <Screen title="Payment History" id="payments-heading">
      {pager.pageCount > 1 && (
        <p className="pagination__status visually-hidden">
          Page {pager.page} of {pager.pageCount}
        </p>
      )}
      <DataTable
        caption={`Payments on policy ${policy.policyID}, newest first, page ${pager.page} of ${pager.pageCount}`}
        rows={rows}
        rowKey={(p, i) => `${p.postDate}-${i}`}
        columns={[
          { header: 'Date', cell: (p) => formatDate(p.postDate) },
          { header: 'Amount', cell: (p) => formatUsd(p.amount), kind: 'money' },
          { header: 'Check #', cell: (p) => p.checkNumber },
          { header: 'Description', cell: (p) => p.description },
        ]}
      />
      <Pagination pager={pager} />
    </Screen>
  )
}

export const paymentHistoryPageApp = definePage('PaymentHist')

paymentHistoryPageApp.get('/', (c) =>
  renderPage(c, <PaymentHistoryView policy={policyContext(c).policy} page={c.req.query('page')} pending={c.get('pendingPayment') ?? null} />),
)
