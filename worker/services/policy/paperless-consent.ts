import type { Env } from '../../env'
import { policySchema } from '../../../shared/policy/schemas/policy'
import { disclosureText, PAPERLESS_DISCLOSURE_VERSION, paperlessDisclosure } from '../../../shared/paperless/disclosure'
import { normalizeSampleCode, SAMPLE_CODE_MAX_TRIES, sampleCodeOf, type ConsentAction, type SampleCodeCheck } from '../../../shared/paperless/consent'
import { appendConsentEventStatement, baselineStatements, linkedPolicyDocuments, newConsentEventId, type KnownDocument } from '../../db/policy/paperless'
import { codeToPrint, tryCode } from '../../db/policy/paperless-sample-codes'
import { listedDocuments } from './paperless-notices'
import { sha256Hex } from '../../lib/sha256'
import type { Locale } from '../../../shared/i18n/locale'

/**
 * Giving and withdrawing paperless consent (issue 22 item 4, decision 178). Each is one appended event
 * of the profile's history, naming the disclosures shown, the session, the address and the time; a
 * consent also records the documents standing at that moment, so only documents that come after it are
 * announced by email. A repeated request (double click, retry) appends nothing.
 */
export interface ConsentActor {
  profileId: string
  /** The language the disclosures were shown in: the consent stores the text in it (issue 36). */
  locale?: Locale
  emailAddress: string
  sessionId: string
  meta: { ip: string; userAgent: string; requestId: string }
}

/** A new random code (rejection sampling in sampleCodeOf keeps every letter equally likely). */
function randomSampleCode(): string {
  for (;;) {
    const code = sampleCodeOf(crypto.getRandomValues(new Uint8Array(16)))
    if (code) return code
  }
}

/**
 * The code the session's sample PDF prints (issue 31 item 6, decision 205): random, kept server-side for
 * the session, the same each time the PDF is opened until its tries are used up, then a new one. Only
 * the PDF shows it, so a consent made with it comes from a person who opened the PDF.
 */
export function sampleCodeToPrint(env: Env, sessionId: string, now = Date.now()): Promise<string> {
  return codeToPrint(env.DB, sessionId, randomSampleCode(), SAMPLE_CODE_MAX_TRIES, now)
}

/** A typed code against the session's: a wrong one uses one of its tries, counted as it is judged. */
export async function checkSampleCode(env: Env, sessionId: string, typed: string): Promise<SampleCodeCheck> {
  const tried = await tryCode(env.DB, sessionId, normalizeSampleCode(typed), SAMPLE_CODE_MAX_TRIES)
  if (tried === 'none') return { kind: 'not-opened' }
  if (tried === 'out-of-tries') return { kind: 'out-of-tries' }
  return tried.right ? { kind: 'right' } : { kind: 'wrong', triesLeft: SAMPLE_CODE_MAX_TRIES - tried.tries }
}

/** Whether the event was appended (false: it changed nothing, e.g. a consent sent twice). */
export async function recordConsent(env: Env, actor: ConsentActor, action: ConsentAction, now = Date.now()): Promise<boolean> {
  const locale = actor.locale ?? 'en'
  const text = action === 'consent' ? disclosureText(paperlessDisclosure({ supportPhone: env.SUPPORT_PHONE, locale }), locale) : ''
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
