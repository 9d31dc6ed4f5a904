import type { Policy } from '../../../shared/policy/schemas/policy'
import { pathOf } from '../../../shared/routes'
import { formatDateIn, formatUsdIn } from '../../../shared/i18n/format'
import { useLocale, useTexts } from '../../render/locale'
import { paymentPageTexts } from './texts'
import { paymentDescriptionIn } from '../../../shared/payments/texts/payment-history'
import { paymentOutcomeTexts } from '../../../shared/payments/texts/outcome'
import { paymentHistoryPage, type Pager } from '../../../shared/payments/payment-history'
import { renderPage } from '../../render/render-page'
import { policyContext } from '../../middleware/guards'
import { DataTable, EmptyText, Screen } from '../policy/parts'
import type { PendingPayment } from '../../../shared/payments/pending'
import { localDate } from '../../../shared/clock'
import { definePage } from '../page'

function pageHref(n: number): string {
  return `${pathOf('PaymentHist')}?page=${n}`
}

/**
 * Page links (plain links, so paging works without script): First/Last only with 4 or more pages (the
 * spec's rule, shared/payments/payment-history.ts), Previous/Next, the page numbers, and where you are.
 * On phones the words fold to arrows (CSS) and the numbers give way to 'Page 1 of 4', so it is one line.
 */
function Pagination({ pager }: { pager: Pager }) {
  const t = useTexts(paymentPageTexts)
  if (pager.pageCount < 2) return null
  const { page, pageCount, numbers, showFirstLast, previous, next } = pager
  return (
    <nav className="pagination" aria-label={t.historyPages}>
      <ul>
        {showFirstLast && (
          <li>
            <PageLink n={1} disabled={page === 1} step="first">
              {t.first}
            </PageLink>
          </li>
        )}
        <li>
          <PageLink n={previous} disabled={previous === null} step="previous">
            {t.previous}
          </PageLink>
        </li>
        {numbers.map((n) => (
          <li key={n} className="pagination__number">
            <a href={pageHref(n)} aria-current={n === page ? 'page' : undefined} aria-label={t.pageN(n)}>
              {n}
            </a>
          </li>
        ))}
        {/* Drawn by CSS from data-where: the status line above the table already says it to screen readers. */}
        <li className="pagination__where" aria-hidden="true" data-where={t.pageOf(page, pageCount)} />
        <li>
          <PageLink n={next} disabled={next === null} step="next">
            {t.next}
          </PageLink>
        </li>
        {showFirstLast && (
          <li>
            <PageLink n={pageCount} disabled={page === pageCount} step="last">
              {t.last}
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
  const locale = useLocale()
  const t = paymentPageTexts[locale]
  const pendingEntry = pending && {
    postDate: localDate(pending.createdAt, policy.state),
    amount: pending.amountCents,
    checkNumber: '',
    description: paymentOutcomeTexts[locale].pendingHistory(pending),
  }
  if (policy.payments.length === 0 && !pendingEntry) {
    return (
      <Screen title={t.historyTitle} id="payments-heading">
        <EmptyText>{t.noPayments}</EmptyText>
      </Screen>
    )
  }
  const history = paymentHistoryPage(policy.payments, page)
  const { pager } = history
  const rows = pendingEntry && pager.page === 1 ? [pendingEntry, ...history.rows] : history.rows
  return (
    <Screen title={t.historyTitle} id="payments-heading">
      {pager.pageCount > 1 && <p className="pagination__status visually-hidden">{t.pageOf(pager.page, pager.pageCount)}</p>}
      <DataTable
        caption={t.historyCaption(policy.policyID, pager.page, pager.pageCount)}
        rows={rows}
        rowKey={(p, i) => `${p.postDate}-${i}`}
        columns={[
          { header: t.date, cell: (p) => formatDateIn(locale, p.postDate) },
          { header: t.amount, cell: (p) => formatUsdIn(locale, p.amount), kind: 'money' },
          { header: t.checkNo, cell: (p) => p.checkNumber },
          { header: t.description, cell: (p) => paymentDescriptionIn(locale, p.description) },
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
