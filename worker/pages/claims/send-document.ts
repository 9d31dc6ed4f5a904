import { FORM_TOKEN_FIELD } from '../../../shared/forms/form-token'
import { policyContext } from '../../middleware/guards'
import { RATE_RULES } from '../../middleware/rate-rules'
import { readFileForm } from '../../services/request/multipart-file'
import { uploadClaimFile } from '../../services/claims/claim-upload'
import { claimDraftOwner } from '../../services/claims/claim-report'
import { runFormOnce } from '../../services/idempotency/form-tokens'
import { kickDrain } from '../../services/outbox/outbox'
import { background } from '../../lib/background'
import { pageRateLimit } from '../../middleware/page-refusals'
import { ANSWERS_FIELD, SEND_DOCUMENT_TEXT } from './send-document-form'
import { claimPageData } from '../../db/claims/claim-page'
import { claimView } from './claim-view'
import { claimPageResponse, claimPath, SEND_DOCUMENT_FORM } from './claim'
import { definePage } from '../page'

/**
 * The claim page's 'Send a document' (issue 19 item 4, decision 184): one file, streamed from the form
 * into the same upload as ClaimFile?claimNumber= (its checks, its R2 object, its 'claim-document'
 * delivery to the claims system, its rate rule), then back to the claim page. The form token makes a
 * double click send the file once.
 */
export const sendDocumentPage = definePage('ClaimDocument')

sendDocumentPage.post('/', pageRateLimit({ ...RATE_RULES.claimFile, policyFrom: 'loaded' }), async (c) => {
  const { session, policy } = policyContext(c)
  const claimNumber = (c.req.query('claim') ?? '').trim().toUpperCase()
  const form = await readFileForm(c.req.raw)
  if (typeof form === 'string') {
    return claimPageResponse(c, claimNumber, { status: 400, sendError: form === 'no-file' ? SEND_DOCUMENT_TEXT.noFile : SEND_DOCUMENT_TEXT.malformed })
  }
  return runFormOnce(c, SEND_DOCUMENT_FORM, form.fields[FORM_TOKEN_FIELD], async () => {
    if (form.length === 0 && form.fileName === '') {
      await form.body.cancel()
      return claimPageResponse(c, claimNumber, { status: 400, sendError: SEND_DOCUMENT_TEXT.noFile })
    }
    // Which request the file answers (decision 207): one of the claim's checklist lines, or none.
    const chosen = (form.fields[ANSWERS_FIELD] ?? '').trim()
    let answers: string | null = null
    if (chosen !== '') {
      const data = await claimPageData(c.env.DB, policy.policyID, claimNumber)
      const line = data ? claimView(data, policy.state, Date.now()).checklist.find((l) => l.key === chosen) : undefined
      if (!line) {
        await form.body.cancel()
        return claimPageResponse(c, claimNumber, { status: 400, sendError: SEND_DOCUMENT_TEXT.unknownRequest })
      }
      answers = line.item
    }
    const outcome = await uploadClaimFile(c.env, {
      policyId: policy.policyID,
      owner: claimDraftOwner(session, policy.policyID),
      rawName: form.fileName,
      length: form.length,
      body: form.body,
      claimNumber,
      answers,
      now: Date.now(),
    })
    if (outcome.status !== 201) {
      await form.body.cancel().catch(() => undefined)
      return claimPageResponse(c, claimNumber, { status: outcome.status === 411 ? 400 : outcome.status, sendError: outcome.errorMessage })
    }
    await kickDrain(c.env, background(c), { channels: ['claim-document'] })
    return c.redirect(`${claimPath(claimNumber)}?added=${outcome.upload.fileId}`, 303)
  })
})
