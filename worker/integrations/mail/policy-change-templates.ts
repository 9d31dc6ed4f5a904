import { formatPhone } from '../../../shared/format'
import type { MailMessage } from './port'

export interface PolicyChangeMailFacts {
  policyId: string
  /** 'Mortgage company'. */
  kindName: string
  /** What changes, in the review's words. */
  lines: readonly string[]
  /** 'December 1, 2026'-like, as shown on the page. */
  effectiveOn: string
  premiumChange: string
  outcome: 'bound' | 'referred'
  /** Who calls about a referred change (the page's words). */
  whoCalls: string
  changesUrl: string
  supportPhone: string
}

/**
 * The change's confirmation (issue 34 item 6, decision 214): what changed and from when, or, for a
 * change policy services reviews first, that it is pending and who will call. It names no lender's
 * email and no document: those stay behind the sign-in.
 */
export function policyChangeMail(to: string, f: PolicyChangeMailFacts): MailMessage {
  const bound = f.outcome === 'bound'
  return {
    kind: 'policy-change',
    to,
    subject: bound ? `Your policy ${f.policyId} was changed` : `We received your change to policy ${f.policyId}`,
    text: [
      bound ? `As you asked, we changed your policy ${f.policyId} (${f.kindName}):` : `We received your change to policy ${f.policyId} (${f.kindName}):`,
      ...f.lines.map((l) => `- ${l}`),
      `From: ${f.effectiveOn}`,
      `Premium: ${f.premiumChange}`,
      '',
      bound ? 'The Policy Change packet is in Documents when you log in.' : `It is pending: policy services reviews it before it takes effect. ${f.whoCalls}`,
      `Your changes: ${f.changesUrl}`,
      '',
      `Did not ask for this? Call us at ${formatPhone(f.supportPhone)}.`,
    ].join('\n'),
  }
}
