import type { Env } from '../../env'
import type { ClaimEvent } from '../../../shared/claims/events'
import { nextStep } from '../../../shared/claims/next-step'
import { numberToQuote, PAYMENT_METHOD_TEXTS, type ClaimStage } from '../../../shared/claims/status-words'
import { proofOfLossDueDate } from '../../../shared/claims/flood-deadlines'
import { formatDateIn, formatUsdIn } from '../../../shared/i18n/format'
import { isLocale, type Locale } from '../../../shared/i18n/locale'
import { claimUpdateMail, type ClaimUpdateFact } from '../../integrations/mail/templates'
import { claimMailFacts, type ClaimMailFacts } from '../../db/claims/claim-mail-facts'
import { claimDocument, earlierDocumentRequests } from '../../db/claims/claim-events'
import { newItems, requestKey } from '../../../shared/claims/follow-up/document-checklist'
import type { OutboxMessage } from '../outbox/outbox-queue'
import { recipientsOf } from './claim-confirmation'
import { claimLink } from '../../../shared/claims/claim-address'

/**
 * The mails of a claim's event (issue 19 item 5): adjuster assigned, documents requested, inspection
 * scheduled, payment issued and closed are told to the policyholder; accepted and reopened are not
 * (the page shows them). To the address typed in the claim and, when another, the address on file, as
 * the confirmation (claim-confirmation.ts). Dedupe keys `claim-update:{claim}:{eventId}` (and
 * `…:on-file`), so an event received twice is one mail; a documents request's key is its items instead.
 */
function factOf(event: ClaimEvent, locale: Locale): { fact: ClaimUpdateFact; stage: ClaimStage } | null {
  switch (event.type) {
    case 'adjuster.assigned':
      return { fact: { type: event.type, adjuster: event.data.adjuster }, stage: 'adjuster-assigned' }
    case 'documents.requested':
      return { fact: { type: event.type, items: event.data.items }, stage: 'documents-requested' }
    case 'inspection.scheduled':
      return { fact: { type: event.type, date: formatDateIn(locale, event.data.date) }, stage: 'inspection-scheduled' }
    case 'payment.issued':
      return {
        fact: {
          type: event.type,
          amount: formatUsdIn(locale, event.data.amountCents),
          method: PAYMENT_METHOD_TEXTS[locale][event.data.method].toLowerCase(),
        },
        stage: 'payment-issued',
      }
    case 'claim.closed':
      return { fact: { type: event.type }, stage: 'closed' }
    default:
      return null
  }
}

/** The language of a claim's mails: the reporting profile's (issue 36); English without one. */
export function claimMailLocale(f: ClaimMailFacts): Locale {
  return isLocale(f.profile_language) ? f.profile_language : 'en'
}

/** The addresses of a claim's mails: typed, and on file (the reporting profile's, else the policy's) when another. */
export function claimRecipients(f: ClaimMailFacts): { address: string; suffix: string }[] {
  const typed = (f.typed_email ?? '').trim()
  const { onFile } = recipientsOf(typed, f.profile_email || f.policy_email || '')
  return [...(typed ? [{ address: typed, suffix: '' }] : []), ...(onFile ? [{ address: onFile, suffix: ':on-file' }] : [])]
}

/**
 * A documents request's mail key: the items asked for, so the same request sent again (another event id,
 * even at the same moment) meets the first one's key and is one mail (decision 207).
 */
async function documentsRequestKey(items: readonly string[]): Promise<string> {
  const words = [...new Set(items.map(requestKey))].sort().join('\n')
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(words)))
  return `documents-${[...digest.slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}

/** The key part of an event's mails: its id, or for a documents request what it asks for. */
async function mailKeyOf(event: ClaimEvent): Promise<string> {
  return event.type === 'documents.requested' ? documentsRequestKey(event.data.items) : event.id
}

/** 'Another one needed' is told (the policyholder has something to send again, decision 207); a receipt and an acceptance are shown on the page only. */
async function anotherNeeded(env: Env, event: ClaimEvent): Promise<{ fact: ClaimUpdateFact; stage: ClaimStage } | null> {
  if (event.type !== 'document.reviewed' || event.data.outcome !== 'another-needed') return null
  const file = await claimDocument(env.DB, event.claimNumber, event.data.documentId)
  return file ? { fact: { type: 'document.another-needed', fileName: file.name, item: file.answers }, stage: 'documents-requested' } : null
}

export async function claimUpdateMessages(env: Env, event: ClaimEvent, now: number): Promise<OutboxMessage[]> {
  if (!factOf(event, 'en') && !(event.type === 'document.reviewed' && event.data.outcome === 'another-needed')) return []
  const facts = await claimMailFacts(env.DB, event.claimNumber)
  if (!facts) return []
  const locale = claimMailLocale(facts)
  const what = factOf(event, locale) ?? (await anotherNeeded(env, event))
  if (!what) return []
  // A request that asks for nothing new (the same items again) is not mailed: the checklist has those lines.
  if (event.type === 'documents.requested' && newItems(await earlierDocumentRequests(env.DB, event.claimNumber, event.id), event.data.items).length === 0) {
    return []
  }
  const key = await mailKeyOf(event)
  const inspection = event.type === 'inspection.scheduled' ? event.data.date : null
  const due = facts.family === 'flood' && what.stage !== 'closed' ? proofOfLossDueDate(facts.loss_date) : null
  const next = nextStep({ stage: what.stage, inspectionDate: inspection, proofOfLossDue: due }, locale)
  return claimRecipients(facts).map(({ address, suffix }) => ({
    channel: 'mail',
    dedupeKey: `claim-update:${event.claimNumber}:${key}${suffix}`,
    payload: claimUpdateMail(
      address,
      {
        claimNumber: event.claimNumber,
        quote: numberToQuote(event.claimNumber, facts.carrier_claim_number),
        fact: what.fact,
        next: next.text,
        by: next.by,
        claimsPhone: env.CLAIMS_PHONE,
        claimUrl: claimLink(env.PORTAL_BASE_URL, event.claimNumber),
      },
      locale,
    ),
    at: now,
  }))
}
