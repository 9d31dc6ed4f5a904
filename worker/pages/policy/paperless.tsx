import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import { pathOf } from '../../../shared/routes'
import { paperlessConsentSchema } from '../../../shared/paperless/schemas/paperless'
import { paperlessDisclosure } from '../../../shared/paperless/disclosure'
import { codeRefusal, consentStatus, versionRefusal } from '../../../shared/paperless/consent'
import { MSG } from '../../../shared/forms/messages'
import { renderPage } from '../../render/render-page'
import { readForm } from '../../services/request/read-form'
import { formWork, STORE_FAILED, STORE_FAILED_STATUS, submittedForm } from '../../render/form-page'
import { pageRateLimit } from '../../middleware/page-refusals'
import { RATE_RULES } from '../../middleware/rate-rules'
import { profileSession } from '../../middleware/guards'
import { clientMeta } from '../../services/request/client-meta'
import { consentHistory } from '../../db/policy/paperless'
import { checkSampleCode, recordConsent, sampleCodeToPrint, type ConsentActor } from '../../services/policy/paperless-consent'
import { renderPaperlessSamplePdf, SAMPLE_PDF_FILE_NAME } from '../../services/policy/paperless-sample-pdf'
import type { ProfileView } from '../../services/identity/profile'
import { currentProfile } from '../identity/parts'
import { PaperlessView, SAMPLE_PDF, type PaperlessState } from './paperless-view'
import { definePage } from '../page'
import { requestLocale } from '../../lib/request-locale'

/**
 * Paperless documents (issue 22 item 4, decision 178): GET shows the state, the disclosures and the
 * consent form (or the withdrawal form); POST gives or withdraws consent and answers with a redirect back
 * (PRG), or the form again with its messages. The sample PDF is a GET under the same route; it makes
 * the session's code (decision 205), so a consent is accepted only after the PDF was opened.
 */
export const paperlessPage = definePage('PaperlessDocuments')

type Shown = Pick<PaperlessState, 'done' | 'errors' | 'message'>

async function render(c: Context<AppEnv>, profile: ProfileView, shown: Shown, status: 200 | 400 | 503 = 200) {
  const history = await consentHistory(c.env.DB, profile.profileId)
  const state: PaperlessState = {
    emailAddress: profile.emailAddress,
    state: profile.policies[0]?.state ?? '',
    status: consentStatus(history),
    history,
    disclosure: paperlessDisclosure({ supportPhone: c.env.SUPPORT_PHONE, locale: requestLocale(c) }),
    ...shown,
  }
  return renderPage(c, <PaperlessView s={state} />, { status, sendToProgressive: profile.sendToProgressive })
}

paperlessPage.get('/', async (c) => {
  const profile = await currentProfile(c)
  if (!profile) return c.redirect(pathOf('Error'), 303)
  const done = c.req.query('done')
  return render(c, profile, { done: done === 'consented' || done === 'withdrawn' ? done : null, errors: {}, message: null })
})

paperlessPage.get(SAMPLE_PDF, async (c) => {
  const bytes = await renderPaperlessSamplePdf(await sampleCodeToPrint(c.env, profileSession(c).id), requestLocale(c))
  return c.body(bytes as unknown as ArrayBuffer, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${SAMPLE_PDF_FILE_NAME}"`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  })
})

paperlessPage.post('/', pageRateLimit(RATE_RULES.paperless), async (c) => {
  const { intent } = await readForm(c)
  const profile = await currentProfile(c)
  if (!profile) return c.redirect(pathOf('Error'), 303)
  const session = profileSession(c)
  const actor: ConsentActor = {
    profileId: profile.profileId,
    emailAddress: profile.emailAddress,
    sessionId: session.id,
    meta: clientMeta(c),
    locale: requestLocale(c),
  }
  const failed = () => render(c, profile, { done: null, errors: {}, message: MSG.storeUnavailable }, STORE_FAILED_STATUS)

  if (intent === 'withdraw') {
    if ((await formWork(c, 'paperless withdrawal', () => recordConsent(c.env, actor, 'withdraw'))) === STORE_FAILED) return failed()
    return c.redirect(`${pathOf('PaperlessDocuments')}?done=withdrawn`, 303)
  }

  const form = await submittedForm(c, paperlessConsentSchema)
  if (!form.ok) return render(c, profile, { done: null, errors: form.errors, message: null }, 400)
  // The version first: a page shown before the disclosures changed costs no try of the code.
  let refusal = versionRefusal(form.data)
  if (!refusal) {
    const check = await formWork(c, 'paperless sample code', () => checkSampleCode(c.env, session.id, form.data.sampleCode))
    if (check === STORE_FAILED) return failed()
    refusal = codeRefusal(check)
  }
  if (refusal?.field) return render(c, profile, { done: null, errors: { [refusal.field]: refusal.message }, message: null }, 400)
  if (refusal) return render(c, profile, { done: null, errors: {}, message: refusal.message }, 400)
  if ((await formWork(c, 'paperless consent', () => recordConsent(c.env, actor, 'consent'))) === STORE_FAILED) return failed()
  return c.redirect(`${pathOf('PaperlessDocuments')}?done=consented`, 303)
})
