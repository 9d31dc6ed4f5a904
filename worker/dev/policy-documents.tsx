import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../types'
import { route } from '../../shared/routes'
import { policySchema } from '../../shared/policy/schemas/policy'
import { renderPage } from '../render/render-page'
import { readForm } from '../services/request/read-form'
import { renderPdf } from '../pdf/render'
import { policyDocumentKey } from '../db/policy/document-keys'

/**
 * Stand-in: the policy system issuing a document (issue 22 item 4), dev only. In production documents
 * arrive with the policies of record; here a developer adds one to a policy so that a paperless
 * policyholder's new-document email can be tried (the next scheduled run announces it):
 *   POST /  {policyId, description} (JSON or a form) -> 201 {policyId, fileName} | 404 unknown policy | 422
 *   GET  /  a page with that form
 * The entry joins the policy's documents and its PDF goes to R2, as the Documents page reads them.
 */
export const policyDocumentsStandIn = new Hono<AppEnv>()

const page = { route: { ...route('NotFound'), path: '/__dev/policy-documents', page: 'Dev Policy Documents' }, policy: null }

const addSchema = z.object({
  policyId: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2,4}\d{1,12}$/),
  description: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .regex(/^[\x20-\x7e]+$/),
})

async function added(c: Context<AppEnv>, input: unknown): Promise<{ status: 201 | 404 | 422; body: Record<string, string> }> {
  const parsed = addSchema.safeParse(input)
  if (!parsed.success) return { status: 422, body: { error: 'a document needs a policyId and a description (1 to 80 characters)' } }
  const policyId = parsed.data.policyId.toUpperCase()
  const row = await c.env.DB.prepare('SELECT doc FROM policies WHERE policy_id = ?').bind(policyId).first<{ doc: string }>()
  if (!row) return { status: 404, body: { error: 'no such policy' } }
  const policy = policySchema.parse(JSON.parse(row.doc))
  const taken = new Set(policy.policyDocuments.map((d) => d.fileName))
  let n = policy.policyDocuments.length + 1
  while (taken.has(`${policyId}-issued-${n}.pdf`)) n++
  const fileName = `${policyId}-issued-${n}.pdf`
  const description = parsed.data.description
  const bytes = await renderPdf({ title: `${description} - ${policyId}`, subject: description, created: new Date(), creator: 'policyholder-portal' }, [
    { title: description, subtitle: `Policy ${policyId}`, sections: [{ lines: ['A document issued by the local policy system stand-in.'] }] },
  ])
  await c.env.DOCS.put(policyDocumentKey(policyId, fileName), bytes, { httpMetadata: { contentType: 'application/pdf' } })
  const doc = { ...JSON.parse(row.doc), policyDocuments: [...policy.policyDocuments, { description, fileName }] }
  await c.env.DB.prepare('UPDATE policies SET doc = ?, updated_at = ? WHERE policy_id = ?').bind(JSON.stringify(doc), Date.now(), policyId).run()
  return { status: 201, body: { policyId, fileName } }
}

policyDocumentsStandIn.post('/', async (c) => {
  if (/json/i.test(c.req.header('Content-Type') ?? '')) {
    const body = await c.req.json().catch(() => undefined)
    const result = await added(c, body)
    return c.json(result.body, result.status)
  }
  const result = await added(c, await readForm(c))
  return renderPage(c, <AddDocumentView outcome={result.status === 201 ? `Added ${result.body.fileName}.` : result.body.error!} />, page)
})

policyDocumentsStandIn.get('/', (c) => renderPage(c, <AddDocumentView outcome={null} />, page))

function AddDocumentView({ outcome }: { outcome: string | null }) {
  return (
    <section className="card narrow" aria-labelledby="dev-docs-heading">
      <h1 id="dev-docs-heading">Dev Policy Documents</h1>
      <p>Issue a document to a policy, as the policy system would. A paperless policyholder is emailed about it by the next scheduled run.</p>
      {outcome && (
        <p className="alert alert--info" role="status">
          {outcome}
        </p>
      )}
      <form method="post" action="/__dev/policy-documents">
        <div className="field">
          <label htmlFor="dev-policy">Policy number</label>
          <input id="dev-policy" name="policyId" required />
        </div>
        <div className="field">
          <label htmlFor="dev-description">Description</label>
          <input id="dev-description" name="description" required maxLength={80} defaultValue="Premium Notice" />
        </div>
        <button type="submit" className="btn btn--primary">
          Add the document
        </button>
      </form>
    </section>
  )
}
