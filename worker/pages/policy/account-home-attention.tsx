import { pathOf } from '../../../shared/routes'
import { ATTENTION_TEXTS, type AttentionItem } from '../../../shared/policy/attention'
import type { Locale } from '../../../shared/i18n/locale'
import { useTexts } from '../../render/locale'
import { ACCOUNT_HOME_TEXTS } from './texts'

/** 'Welcome back, Maria' (decision 226: no time of day; a profile's policies can be on several clocks). */
export function greetingOf(firstName: string, locale: Locale): string {
  const t = ACCOUNT_HOME_TEXTS[locale]
  return firstName ? t.welcomeNamed(firstName) : t.welcome
}

/**
 * One item's link: Account Home's own form (as the cards' lines), since each page it leads to needs the
 * policy loaded first; a button drawn as a link, so it works without JavaScript.
 */
function ItemLink({ item }: { item: AttentionItem }) {
  const t = useTexts(ACCOUNT_HOME_TEXTS)
  const to = item.link.to
  return (
    <form method="post" action={pathOf('AccountHome')} className="attention__go">
      <input type="hidden" name="policyId" value={item.policyId} />
      {'claimNumber' in to ? <input type="hidden" name="claimNumber" value={to.claimNumber} /> : <input type="hidden" name="go" value={to.go} />}
      <button type="submit" className="btn--link">
        {item.link.label}
        {/* Names what it acts on: two items can offer the same words. */}
        <span className="visually-hidden">{'claimNumber' in to ? t.namesClaim(to.claimNumber) : t.namesPolicyId(item.policyId)}</span>
      </button>
    </form>
  )
}

/** 'What needs your attention' before the policy cards (issue 35 item 6, shared/policy/attention). */
export function AttentionList({ items }: { items: readonly AttentionItem[] }) {
  const t = useTexts(ATTENTION_TEXTS)
  return (
    <section className="attention" aria-labelledby="attention-heading">
      <h2 id="attention-heading">{t.heading}</h2>
      {items.length === 0 ? (
        <p className="attention__none">{t.none}</p>
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
