import { formatPhone } from '../../../shared/format'
import type { MailMessage } from './port'

/**
 * The email that announces a new document to a policyholder who chose paperless delivery (issue 22
 * item 4, decision 178). It names the document and the policy and says where to read it; the document
 * itself stays behind the login (an email is no place for a policy's details).
 */
export function newDocumentMail(to: string, d: { policyId: string; description: string; portalUrl: string; supportPhone: string }): MailMessage {
  return {
    kind: 'paperless-new-document',
    to,
    subject: `A new document for your ProgHome policy ${d.policyId}`,
    text: [
      `A new document is available for your policy ${d.policyId}: ${d.description}.`,
      '',
      `To read it, log in to ProgHome, open policy ${d.policyId} and choose Documents: ${d.portalUrl}`,
      '',
      'You get this email because you chose paperless documents. To get your documents by mail again, choose Paperless documents on Your Profile, or call us.',
      `For a free paper copy of this document, call us at ${formatPhone(d.supportPhone)}.`,
    ].join('\n'),
  }
}
