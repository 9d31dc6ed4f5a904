import { pathOf } from '../../../shared/routes'
import { NOTHING_NEEDS_ATTENTION, type AttentionItem } from '../../../shared/policy/attention'

/** 'Welcome back, Maria' (decision 226: no time of day; a profile's policies can be on several clocks). */
export function greetingOf(firstName: string): string {
  return firstName ? `Welcome back, ${firstName}` : 'Welcome back'
}

/**
 * One item's link: Account Home's own form (as the cards' lines), since each page it leads to needs the
 * policy loaded first; a button drawn as a link, so it works without JavaScript.
 */
function ItemLink({ item }: { item: AttentionItem }) {
  const to = item.link.to
  return (
    <form method="post" action={pathOf('AccountHome')} className="attention__go">
      <input type="hidden" name="policyId" value={item.policyId} />
      {'claimNumber' in to ? <input type="hidden" name="claimNumber" value={to.claimNumber} /> : <input type="hidden" name="go" value={to.go} />}
      <button type="submit" className="btn--link">
        {item.link.label}
        {/* Names what it acts on: two items can offer the same words. */}
        <span className="visually-hidden">{'claimNumber' in to ? `, claim ${to.claimNumber}` : `, policy ${item.policyId}`}</span>
      </button>
    </form>
  )
}

/** 'What needs your attention' before the policy cards (issue 35 item 6, shared/policy/attention). */
export function AttentionList({ items }: { items: readonly AttentionItem[] }) {
  return (
    <section className="attention" aria-labelledby="attention-heading">
      <h2 id="attention-heading">What needs your attention</h2>
      {items.length === 0 ? (
        <p className="attention__none">{NOTHING_NEEDS_ATTENTION}</p>
      ) : (
        <ul className="attention__list">
          {items.map((item) => (
            <li
              key={`${item.kind}-${item.policyId}-${'claimNumber' in item.link.to ? item.link.to.claimNumber : ''}`}
              className={`attention__item attention__item--${item.kind}`}
            >
              <p>{item.text}</p>
              <ItemLink item={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
