import type { Env } from '../../env'
import { policySchema } from '../../../shared/policy/schemas/policy'
import { disclosureText, PAPERLESS_DISCLOSURE_VERSION, paperlessDisclosure } from '../../../shared/paperless/disclosure'
import { sampleCodeOf, type ConsentAction } from '../../../shared/paperless/consent'
import { appendConsentEventStatement, baselineStatements, linkedPolicyDocuments, newConsentEventId, type KnownDocument } from '../../db/policy/paperless'
import { listedDocuments } from './paperless-notices'
import { sha256Hex } from '../../lib/sha256'

/**
 * Giving and withdrawing paperless consent (issue 22 item 4, decision 178). Each is one appended event
 * of the profile's history, naming the disclosures shown, the session, the address and the time; a
 * consent also records the documents standing at that moment, so only documents that come after it are
 * announced by email. A repeated request (double click, retry) appends nothing.
 */
export interface ConsentActor {
  profileId: string
  emailAddress: string
  sessionId: string
  meta: { ip: string; userAgent: string; requestId: string }
}

/**
 * The code printed in the person's sample PDF: from their session and the disclosure version, so it is
 * read from the PDF this person opened in this session, and no code needs storing.
 */
export async function sampleCodeForSession(sessionId: string): Promise<string> {
  const hex = await sha256Hex(`paperless-sample|${PAPERLESS_DISCLOSURE_VERSION}|${sessionId}`)
  return sampleCodeOf(Uint8Array.from(hex.match(/../g)!, (h) => Number.parseInt(h, 16)))
}

/** Whether the event was appended (false: it changed nothing, e.g. a consent sent twice). */
export async function recordConsent(env: Env, actor: ConsentActor, action: ConsentAction, now = Date.now()): Promise<boolean> {
  const text = action === 'consent' ? disclosureText(paperlessDisclosure({ supportPhone: env.SUPPORT_PHONE })) : ''
  const eventId = newConsentEventId()
  const append = appendConsentEventStatement(env.DB, {
    eventId,
    profileId: actor.profileId,
    action,
    disclosureVersion: PAPERLESS_DISCLOSURE_VERSION,
    disclosureText: text,
    disclosureSha256: text ? await sha256Hex(text) : '',
    demonstrated: action === 'consent' ? 'sample-pdf-code' : '',
    emailAddress: actor.emailAddress,
    sessionId: actor.sessionId,
    ...actor.meta,
    at: now,
  })
  if (action === 'withdraw') {
    const [result] = await env.DB.batch([append])
    return (result?.meta?.changes ?? 0) > 0
  }
  const policies = await linkedPolicyDocuments(env.DB, actor.profileId)
  const documents: KnownDocument[] = []
  for (const p of policies) {
    const parsed = policySchema.safeParse(JSON.parse(p.doc))
    if (parsed.success) for (const d of listedDocuments(parsed.data)) documents.push({ policyId: p.policy_id, documentKey: d.key })
  }
  const policyIds = policies.map((p) => p.policy_id)
  const [result] = await env.DB.batch([append, ...baselineStatements(env.DB, actor.profileId, eventId, documents, policyIds, now)])
  return (result?.meta?.changes ?? 0) > 0
}
