import { policyContext } from '../../middleware/guards'
import { documentOf, isESignDocumentKind } from '../../services/esign/esign-documents'
import { audit } from '../../db/audit'
import { log } from '../../lib/log'
import { notFoundPage } from '../not-found'
import { definePage } from '../page'

/**
 * GET /e-sign/document/{application|cea-application|declarations}: the loaded policy's document, read
 * from R2 (the same object a signature hashes), shown inline. The path is under /e-sign, so the guards
 * loaded the policy (scope re-checked) and applied the route's permission; an unknown kind or a
 * document the policy does not have is the 404 page. Each opening is written to the audit log (the policy,
 * the document and its R2 etag), as evidence of what was presented.
 */
export const eSignDocument = definePage('ESignature')

eSignDocument.get('/document/:kind', async (c) => {
  const { session, policy } = policyContext(c)
  const kind = c.req.param('kind')
  const doc = isESignDocumentKind(kind) ? documentOf(policy, kind) : null
  if (!doc) return notFoundPage(c)
  const obj = await c.env.DOCS.get(doc.key)
  if (!obj) {
    // Spec 000 section 4 "Document downloads": a document failure is only logged.
    log('error', 'e-sign document missing in R2', { requestId: c.get('requestId'), policyId: policy.policyID, kind })
    return notFoundPage(c)
  }
  await audit(c.env, c.get('requestId'), 'esign.document.opened', session.profileId, `${policy.policyID} ${kind} ${doc.fileName} etag=${obj.etag}`)
  return c.body(obj.body as unknown as ReadableStream, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${doc.fileName}"`,
    'Cache-Control': 'no-store',
  })
})
