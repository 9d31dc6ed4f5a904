import type { Locale } from '../../i18n/locale'

/**
 * Why the carrier reviews a change first, as its policy administration system writes it (the stand-in's
 * rules, worker/dev/policy-admin/rules.ts). A reason it writes that is not listed here is shown as written,
 * never guessed (issue 36, decision 235).
 */
const REFERRAL_ES: Readonly<Record<string, string>> = {
  'A lender comes off the policy only once it has released its interest: policy services checks the release with it.':
    'Un prestamista sale de la póliza solo cuando ha liberado su interés: servicios de pólizas lo confirma con él.',
}

export function referralIn(locale: Locale, reason: string): string {
  return locale === 'en' ? reason : (REFERRAL_ES[reason] ?? reason)
}
