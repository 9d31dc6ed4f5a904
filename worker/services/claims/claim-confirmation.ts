import type { Env } from '../../env'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { findProfile } from '../../db/identity/profiles'
import { claimReportedMail } from '../../integrations/mail/templates'
import { claimLink } from '../../../shared/claims/claim-address'
import type { ClaimOutboxMessage, NumberPlaceholder } from '../../db/claims/claim-records'
import type { Locale } from '../../../shared/i18n/locale'

/**
 * Who gets a claim's confirmation (issue 20 item 3): the address typed in the claim, and the address on
 * file (the direct-login profile's, or for an SSO session the policy's), so a claim made in someone's
 * name with a stranger's address still reaches the policyholder. The same address twice is one email.
 */
export async function confirmationRecipients(
  env: Env,
  policy: Policy,
  profileId: string | null,
  typed: string,
): Promise<{ typed: string; onFile: string | null }> {
  const profile = profileId ? await findProfile(env.DB, profileId) : null
  return recipientsOf(typed, profile?.email_address || policy.email || '')
}

/** The rule: the typed address, and the address on file when it is another (case aside). Also the claim's later mails. */
export function recipientsOf(typed: string, onFileAddress: string): { typed: string; onFile: string | null } {
  const onFile = onFileAddress.trim()
  return { typed, onFile: onFile && onFile.toLowerCase() !== typed.trim().toLowerCase() ? onFile : null }
}

/**
 * The confirmation emails as outbox messages of the claim's batch, naming the claim number by the
 * batch's placeholder. The typed address keeps the dedupe key `claim-reported:{number}`; the address on
 * file, when another, `claim-reported:{number}:on-file`.
 */
export function confirmationMessages(
  recipients: { typed: string; onFile: string | null },
  placeholder: NumberPlaceholder,
  c: { policyId: string; lossDate: string; peril: string; fileCount: number; claimsPhone: string; portalBaseUrl: string; at: number; locale: Locale },
): ClaimOutboxMessage[] {
  const { at, portalBaseUrl, locale, ...facts } = c
  // The link names the claim by the placeholder too: the batch writes the number in it.
  const claimUrl = claimLink(portalBaseUrl, placeholder.token)
  const mail = (to: string, suffix: string): ClaimOutboxMessage => ({
    channel: 'mail',
    dedupeKey: `claim-reported:${placeholder.token}${suffix}`,
    payload: JSON.stringify(claimReportedMail(to, { claimNumber: placeholder.token, ...facts, claimUrl }, locale)),
    at,
  })
  return recipients.onFile ? [mail(recipients.typed, ''), mail(recipients.onFile, ':on-file')] : [mail(recipients.typed, '')]
}
