import { FORM_TOKEN_FIELD } from '../../../shared/forms/form-token'
import { floodAdvanceSchema, livingExpensesSchema } from '../../../shared/claims/advance/advance-forms'
import { policyContext } from '../../middleware/guards'
import { RATE_RULES } from '../../middleware/rate-rules'
import { PAGE_REFUSALS, pageRateLimit } from '../../middleware/page-refusals'
import { findCardNumberField } from '../../../shared/payments/pan'
import { readFileForm } from '../../services/request/multipart-file'
import { uploadClaimFile } from '../../services/claims/claim-upload'
import { claimDraftOwner } from '../../services/claims/claim-report'
import { advanceAnswerStatus, claimAdvances, requestAdvance } from '../../services/claims/claim-advances'
import { runFormOnce } from '../../services/idempotency/form-tokens'
import { kickDrain } from '../../services/outbox/outbox'
import { background } from '../../lib/background'
import { notFoundPage } from '../not-found'
import { ADVANCE_FORM } from './claim-advance'
import { claimPageResponse, claimPath } from './claim'
import { definePage } from '../page'

/**
 * The claim page's advance / living-expenses form without script (issue 33 item 2, decision 211): the
 * fields checked by the same shared schema as /v1 ClaimAdvances, the file (if any) stored through the
 * claim's document path (decision 204's checks, its 'claim-document' delivery), then the request stored
 * and queued once for the form's token, then back to the claim page.
 */
export const requestAdvancePage = definePage('ClaimAdvance')

const FIELDS = ['amount', 'documentKind', 'canLiveInHome', 'periodFrom', 'periodTo', 'purpose'] as const

/** Stands for the file being sent while the fields are checked: the limit counts it before it is stored. */
const FILE_BEING_SENT = 'file-being-sent'

requestAdvancePage.post('/', pageRateLimit({ ...RATE_RULES.claimAdvance, policyFrom: 'loaded' }), async (c) => {
  const { session, policy } = policyContext(c)
  const claimNumber = (c.req.query('claim') ?? '').trim().toUpperCase()
  const found = await claimAdvances(c.env, { policyId: policy.policyID, claimNumber })
  const form = await readFileForm(c.req.raw)
  if (!found) {
    if (typeof form !== 'string') await form.body.cancel()
    return notFoundPage(c)
  }
  const values = Object.fromEntries(FIELDS.map((f) => [f, typeof form === 'string' ? '' : (form.fields[f] ?? '').slice(0, 600)]))
  const refused = (status: 400 | 404 | 409 | 413 | 415, errors: Record<string, string>) =>
    claimPageResponse(c, claimNumber, { status, advance: { errors, values, requested: false } })
  if (typeof form === 'string') return refused(400, { file: 'The form did not arrive whole. Please send it again.' })
  // The page's card guard judges only the query of a streamed form (decision 201): its text fields are judged here.
  const cardField = FIELDS.map((f) => findCardNumberField(form.fields[f] ?? '', () => false, f)).find(Boolean)
  if (cardField) {
    await form.body.cancel()
    return PAGE_REFUSALS.cardNumber(c, cardField)
  }
  return runFormOnce(c, ADVANCE_FORM, form.fields[FORM_TOKEN_FIELD], async () => {
    const withFile = form.length > 0 || form.fileName !== ''
    const raw = { ...Object.fromEntries(FIELDS.filter((f) => values[f] !== '').map((f) => [f, values[f]])), documentIds: withFile ? [FILE_BEING_SENT] : [] }
    const checked = found.kind === 'flood-advance' ? floodAdvanceSchema.safeParse(raw) : livingExpensesSchema.safeParse(raw)
    if (!checked.success) {
      await form.body.cancel()
      const errors: Record<string, string> = {}
      for (const issue of checked.error.issues) {
        const field = issue.path[0] === 'documentIds' ? 'file' : String(issue.path[0] ?? 'amount')
        errors[field] ??= issue.message
      }
      return refused(400, errors)
    }
    const v = checked.data
    let documentIds: string[] = []
    if (withFile) {
      const upload = await uploadClaimFile(c.env, {
        policyId: policy.policyID,
        owner: claimDraftOwner(session, policy.policyID),
        rawName: form.fileName,
        length: form.length,
        body: form.body,
        claimNumber,
        answers: null,
        now: Date.now(),
      })
      if (upload.status !== 201) {
        await form.body.cancel().catch(() => undefined)
        return refused(upload.status === 413 || upload.status === 415 || upload.status === 409 ? upload.status : 400, { file: upload.errorMessage })
      }
      documentIds = [upload.upload.fileId]
      await kickDrain(c.env, background(c), { channels: ['claim-document'] })
    } else await form.body.cancel()
    const living = 'purpose' in v ? v : null
    const token = form.fields[FORM_TOKEN_FIELD] ?? ''
    const outcome = await requestAdvance(c.env, {
      policyId: policy.policyID,
      claimNumber,
      owner: claimDraftOwner(session, policy.policyID),
      kind: found.kind,
      amountCents: v.amount,
      documentKind: 'documentKind' in v ? (v.documentKind ?? null) : null,
      documentIds,
      period: living ? { from: living.periodFrom, to: living.periodTo } : null,
      purpose: living?.purpose ?? null,
      key: /^[A-Za-z0-9._-]{16,200}$/.test(token) ? `form:${token.slice(0, 64)}` : null,
      now: Date.now(),
    })
    const refusal = advanceAnswerStatus(outcome)
    if (outcome.kind === 'not-found') return notFoundPage(c)
    if (refusal) return refused(refusal.status, { amount: refusal.message })
    if (outcome.kind === 'requested' && !outcome.repeated) await kickDrain(c.env, background(c), { channels: ['claim-advance'] })
    return c.redirect(`${claimPath(claimNumber)}?sent=advance`, 303)
  })
})
