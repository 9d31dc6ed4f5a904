import type { D1PreparedStatement } from '@cloudflare/workers-types'
import type { Env } from '../../env'
import { policySchema, type Policy } from '../../../shared/policy/schemas/policy'
import { consentHoldsUnder } from '../../../shared/paperless/consent'
import { pathOf } from '../../../shared/routes'
import { documentListing } from './documents'
import { documentTitleIn } from '../../../shared/policy/documents'
import type { Locale } from '../../../shared/i18n/locale'
import { profileLanguage } from '../../db/identity/profiles'
import { enqueue } from '../outbox/outbox-queue'
import { newDocumentMailIn } from './paperless-mails'
import { announcedStatement, consentingPolicies, isWithdrawnMeanwhile, knownDocuments, knownKey, watchStatements } from '../../db/policy/paperless'

/** A document of a policy as the Documents page lists it, under a key that stays the same while it is listed. */
export interface ListedDocument {
  key: string
  description: string
}

/**
 * What 'a new document' means (decision 178): an entry of the policy's Documents page (policy documents,
 * coverage documents, packets, as visible now) whose key the portal has not recorded for the profile. A
 * declarations page hidden until the policy is paid becomes new when it shows.
 */
export function listedDocuments(p: Policy): ListedDocument[] {
  const listing = documentListing(p)
  return [
    ...listing.policyPacketDocuments.map((d) => ({ key: `packet:${d.transactionType}:${d.effectiveDate}`, description: d.name.trim() })),
    ...listing.policyDocuments.map((d) => ({ key: `policy:${d.fileName}`, description: d.description })),
    ...listing.standardDocuments.map((d) => ({ key: `standard:${d.fileName}`, description: d.description })),
  ]
}

/**
 * A task of the scheduled work: for every linked policy of a profile that consents (under disclosures
 * that still hold), each document not yet known is recorded and announced by one email to the profile's
 * address, in one batch (dedupe key `paperless-document:{profile}:{policy}:{document}`): at most once,
 * however often or concurrently the cron runs. A policy seen for the first time (linked after the
 * consent) is recorded as it stands, without mail. A withdrawal stops it at once: each batch checks inside
 * the write that the profile's last event is still a consent. Answers how many mails it queued.
 */
export async function queuePaperlessNotices(env: Env, now: number): Promise<number> {
  const rows = (await consentingPolicies(env.DB)).filter((r) => consentHoldsUnder(r.disclosure_version))
  const known = await knownDocuments(env.DB, [...new Set(rows.map((r) => r.profile_id))])
  const portalUrl = `${env.PORTAL_BASE_URL.replace(/\/+$/, '')}${pathOf('Login')}`
  let queued = 0
  // Written when queued, in the profile's language (issue 36): a retried delivery sends the same words.
  const languages = new Map<string, Locale>()
  const languageOf = async (profileId: string): Promise<Locale> => {
    const known = languages.get(profileId)
    if (known) return known
    const locale = await profileLanguage(env.DB, profileId)
    languages.set(profileId, locale)
    return locale
  }
  for (const row of rows) {
    const parsed = policySchema.safeParse(JSON.parse(row.doc))
    if (!parsed.success) continue
    const documents = listedDocuments(parsed.data)
    if (!row.watched) {
      await env.DB.batch(
        watchStatements(
          env.DB,
          row.profile_id,
          row.policy_id,
          documents.map((d) => d.key),
          now,
        ),
      )
      continue
    }
    const statements: D1PreparedStatement[] = []
    const locale = await languageOf(row.profile_id)
    for (const doc of documents.filter((d) => !known.has(knownKey(row.profile_id, row.policy_id, d.key)))) {
      statements.push(
        announcedStatement(env.DB, row.profile_id, row.policy_id, doc.key, now),
        enqueue(env.DB, {
          channel: 'mail',
          dedupeKey: `paperless-document:${row.profile_id}:${row.policy_id}:${doc.key}`,
          payload: newDocumentMailIn(locale, row.email_address, {
            policyId: row.policy_id,
            description: documentTitleIn(locale, doc.description),
            portalUrl,
            supportPhone: env.SUPPORT_PHONE,
          }),
          at: now,
        }),
      )
    }
    if (statements.length === 0) continue
    let results: Awaited<ReturnType<typeof env.DB.batch>>
    try {
      results = await env.DB.batch(statements)
    } catch (error) {
      if (isWithdrawnMeanwhile(error)) continue
      throw error
    }
    queued += results.filter((_, i) => i % 2 === 1).reduce((n, r) => n + (r.meta?.changes ?? 0), 0)
  }
  return queued
}
