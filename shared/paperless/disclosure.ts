/**
 * The disclosures a consumer reads before consenting to receive the policy's records electronically
 * (issue 22 item 4; the U.S. E-SIGN Act, 15 U.S.C. 7001(c)(1)): the right to have them on paper and how
 * to ask (no fee), the right to withdraw and what withdrawing means (no fee, paper from then on), which
 * records the consent covers, how to keep the email address current, the hardware and software needed,
 * and the step that shows the person can open a PDF (decision 178).
 *
 * Pure data in shared/ because the page renders it and the worker stores exactly this text and its
 * SHA-256 with each consent. Change the wording only together with PAPERLESS_DISCLOSURE_VERSION, so every
 * stored consent names the version its giver saw (shared/paperless/consent.ts says which versions hold).
 */
export const PAPERLESS_DISCLOSURE_VERSION = 'paperless-2026-11'

const PAPERLESS_TITLE = 'Paperless documents'

type DisclosureSectionId = 'scope' | 'paper-copies' | 'withdrawal' | 'email-address' | 'hardware-software'

export interface DisclosureSection {
  id: DisclosureSectionId
  heading: string
  paragraphs: string[]
  items?: string[]
  /** Paragraphs after the list. */
  closing?: string[]
}

export interface DisclosureFacts {
  supportPhone: string
}

/** Where the email address is changed: Your Profile (spec 000 "Manage Profile"). */
export const EMAIL_CHANGE_LINK_TEXT = 'Change your email address on Your Profile'

/** The disclosures in the order they are shown (and stored). */
export function paperlessDisclosure({ supportPhone }: DisclosureFacts): DisclosureSection[] {
  return [
    {
      id: 'scope',
      heading: 'What you receive electronically',
      paragraphs: [
        'If you agree, we stop mailing paper copies of the documents below for every policy on your profile, now and any you add later. Instead, each new document is posted on the Documents page of its policy, and we email you when it is there.',
      ],
      items: [
        'policy documents: declarations pages, policy forms and endorsements, and new business, policy change and renewal packets;',
        'coverage documents;',
        'bills and notices about your policy, such as renewal offers and premium notices.',
      ],
    },
    {
      id: 'paper-copies',
      heading: 'Your right to paper copies',
      paragraphs: [
        `You may ask for a paper copy of any of these documents at any time, free of charge: call us at ${supportPhone}. We mail it to the mailing address on your policy.`,
        'Some notices may still come on paper when the law requires it, such as a notice of cancellation or nonrenewal.',
      ],
    },
    {
      id: 'withdrawal',
      heading: 'Withdrawing your consent',
      paragraphs: [
        `You may withdraw your consent at any time on this page, or by calling us at ${supportPhone}. There is no fee, and it does not change your coverage or your premium.`,
        'Withdrawing takes effect at once: documents issued after that come by mail to the mailing address on your policy. Documents already delivered electronically stay valid and stay on the Documents page.',
      ],
    },
    {
      id: 'email-address',
      heading: 'Keeping your email address current',
      paragraphs: [
        'We send the emails to the email address on your profile. If it changes, update it on Your Profile (or call us) so that you do not miss a document.',
      ],
    },
    {
      id: 'hardware-software',
      heading: 'What you need to open and keep the documents',
      paragraphs: ['To receive, open and keep these documents you need:'],
      items: [
        'a computer, tablet or phone with an internet connection;',
        'a current version of Chrome, Edge, Firefox or Safari;',
        'a program that opens PDF files (most browsers open them; Adobe Acrobat Reader is free);',
        'an email account you can read, at the address on your profile;',
        'a printer, or storage space on your device, to keep copies.',
      ],
      closing: ['If these needs change in a way that could stop you from opening or keeping the documents, we will tell you and ask for your consent again.'],
    },
  ]
}

/** The disclosures as plain text, exactly as shown, for the consent record and its hash. */
export function disclosureText(sections: readonly DisclosureSection[]): string {
  const lines: string[] = [PAPERLESS_TITLE, `Version: ${PAPERLESS_DISCLOSURE_VERSION}`]
  for (const s of sections) lines.push('', s.heading, ...s.paragraphs, ...(s.items ?? []).map((item) => `- ${item}`), ...(s.closing ?? []))
  return lines.join('\n')
}
