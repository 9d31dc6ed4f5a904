import { esignSuccessHtml } from '../../../shared/esign/outcome'
import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { pathOf } from '../../../shared/routes'
import { ESIGN_ISLAND_TEXTS } from '../../../shared/esign/texts'
import { esignTerms } from '../../../shared/esign/terms'
import { messageIn, spanishMessagesOf } from '../../../shared/i18n/messages'
import {
  consentLabel,
  ESIGN_MSG,
  esignFieldErrors,
  esignSubmissionSchema,
  initialsField,
  SIGNATURE_FIELD,
  TERMS_FIELD,
  type ESignFieldErrors,
  type ESignProps,
} from '../../../shared/esign/schemas/esign'
import { buildSubmission, type ESignValues } from '../../../shared/esign/submission'
import { renderPage } from '../../render/render-page'
import { policyContext } from '../../middleware/guards'
import { readForm } from '../../services/request/read-form'
import { formWork, STORE_FAILED, STORE_FAILED_STATUS } from '../../render/form-page'
import { MSG } from '../../../shared/forms/messages'
import { Island } from '../../render/island'
import { applicationDocuments, documentHref, documentOf } from '../../services/esign/esign-documents'
import { useLocale, useTexts } from '../../render/locale'
import { documentsWordIn } from '../../../shared/policy/documents'
import { ESIGN_RENEWAL_TEXTS } from './texts'
import { requestLocale } from '../../lib/request-locale'
import { presentedAcknowledgement, signPolicy } from '../../services/esign/esign'
import { setFlash } from '../../services/request/flash'
import { clientMeta } from '../../services/request/client-meta'
import { DOCUMENT_UNAVAILABLE_MESSAGE } from '../../../shared/policy/documents'
import { consumeFormToken, issueFormToken } from '../../services/idempotency/form-tokens'
import { definePage } from '../page'

/**
 * /e-sign, the e-signature screen (spec 000 "E-Signature screen"). GET applies the entry rules and
 * shows the renewal link or the three steps (the e-sign island); POST is the no-script path: the
 * same schema validates the form, a refused form comes back with its messages and the first field in
 * error focused, an accepted one is signed and the answer shown on the system-message page.
 */
export const eSignPage = definePage('ESignature')

const PATH = pathOf('ESignature')

/**
 * The entry rule the page keeps: no signature required goes to the history (null: show the screen).
 * A policy that may not e-sign never gets here: the route's permission (mayESign) refuses it in the guards.
 */
function entry(c: Context<AppEnv>, policy: Policy): Response | null {
  return policy.eSignatureRequired ? null : c.redirect(pathOf('ESignHistory'), 303)
}

/** The form's name for its one-time token. */
const FORM_NAME = 'e-sign'

function islandProps(c: Context<AppEnv>, p: Policy, form?: { values: ESignValues; errors: ESignFieldErrors }, formToken?: string): ESignProps {
  const locale = requestLocale(c)
  return {
    policyId: p.policyID,
    facts: {
      inceptionDate: p.inceptionDate,
      effectiveDate: p.effectiveDate,
      postDate: p.postDate,
      companyId: p.companyId,
      planId: p.planId,
      state: p.state,
    },
    documents: applicationDocuments(p).map((d) => ({ label: documentsWordIn(locale, d.label), href: documentHref(d.kind) })),
    statements: p.policyStatements.map((s) => ({ statementId: s.statementId, statementText: s.statementText })),
    acknowledgementHtml: presentedAcknowledgement(p),
    agentName: p.agentName,
    agentPhone: p.agentPhone,
    supportPhone: c.env.SUPPORT_PHONE,
    formAction: PATH,
    postUrl: `/v1/homeowners/PostESignatures/${p.policyID}`,
    signLaterUrl: pathOf('PolicyOverview'),
    systemMessageUrl: pathOf('SystemMessage'),
    errorUrl: pathOf('Error'),
    logUrl: '/v1/common/Log',
    texts: {
      ...ESIGN_ISLAND_TEXTS[locale],
      consentLabel: consentLabel(p.policyID, locale),
      ...(locale === 'es' ? spanishMessagesOf(Object.values(ESIGN_MSG)) : {}),
    },
    terms: esignTerms({ policyId: p.policyID, state: p.state, supportPhone: c.env.SUPPORT_PHONE, locale }),
    ...(formToken ? { formToken } : {}),
    // A refused form's messages in the page's language, as the island shows them.
    ...(form ? { values: form.values, errors: Object.fromEntries(Object.entries(form.errors).map(([k, m]) => [k, messageIn(locale, m)])) } : {}),
  }
}

function RenewalView({ policy }: { policy: Policy }) {
  const t = useTexts(ESIGN_RENEWAL_TEXTS)
  const locale = useLocale()
  const dec = documentOf(policy, 'declarations')
  return (
    <section className="card esign esign--renewal" aria-labelledby="esign-heading">
      <h1 id="esign-heading">{t.heading}</h1>
      {dec ? (
        <p>
          <a href={documentHref('declarations')} target="_blank" rel="noopener">
            {t.reviewDeclarations}
            <span className="visually-hidden">{t.pdfNewTab}</span>
          </a>
        </p>
      ) : (
        <p>{documentsWordIn(locale, DOCUMENT_UNAVAILABLE_MESSAGE)}</p>
      )}
    </section>
  )
}

async function screen(c: Context<AppEnv>, policy: Policy, form?: { values: ESignValues; errors: ESignFieldErrors }, status?: 400 | 503) {
  if (policy.originalTransType === 'RN') return renderPage(c, <RenewalView policy={policy} />)
  const props = islandProps(c, policy, form, await issueFormToken(c, FORM_NAME))
  return renderPage(c, <Island name="e-sign" hydrate="load" props={props} />, status ? { status } : {})
}

eSignPage.get('/', async (c) => {
  const { policy } = policyContext(c)
  return entry(c, policy) ?? screen(c, policy)
})

// The one-time token first: a second click answers what the first did (the same system message),
// even though the policy no longer asks for a signature by then.
eSignPage.post('/', (c) => consumeFormToken(c, FORM_NAME, () => signFromForm(c)))

async function signFromForm(c: Context<AppEnv>): Promise<Response> {
  const { session, policy } = policyContext(c)
  const refused = entry(c, policy)
  if (refused) return refused
  if (policy.originalTransType === 'RN') return c.redirect(PATH, 303)

  const form = await readForm(c)
  const values: ESignValues = {
    initials: policy.policyStatements.map((_, i) => form[initialsField(i)] ?? ''),
    agreeToTerms: form[TERMS_FIELD] === 'on',
    applicantSignature: form[SIGNATURE_FIELD] ?? '',
  }
  const parsed = esignSubmissionSchema.safeParse({ ...buildSubmission(islandProps(c, policy), values), termsVersion: form.termsVersion ?? '' })
  if (!parsed.success) return screen(c, policy, { values, errors: esignFieldErrors(parsed.error) }, 400)

  const meta = clientMeta(c)
  const submission = parsed.data
  const result = await formWork(c, 'e-signature', () =>
    signPolicy(
      {
        env: c.env,
        session,
        requestId: meta.requestId,
        ip: meta.ip,
        userAgent: meta.userAgent,
        clientSid: c.get('sid'),
        channel: 'form',
        locale: requestLocale(c),
      },
      policy,
      submission,
    ),
  )
  // Nothing was signed (one batch): the form again with what was typed, and its one-time token given back.
  if (result === STORE_FAILED) return screen(c, policy, { values, errors: { form: MSG.storeUnavailable } }, STORE_FAILED_STATUS)
  await setFlash(c, {
    text: result.status === 200 ? esignSuccessHtml(result.shown, pathOf('ESignHistory'), requestLocale(c)) : result.shown,
    isError: result.status === 202,
    showPhoneNumber: result.showPhoneNumber ?? false,
  })
  return c.redirect(pathOf('SystemMessage'), 303)
}
