import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { OpenAPIHono } from '@hono/zod-openapi'
import { z } from '@hono/zod-openapi'
import type { AppEnv } from '../../types'
import type { Env } from '../../env'
import type { Session } from '../../services/identity/session'
import type { Policy } from '../../../shared/policy/schemas/policy'
import { pathOf } from '../../../shared/routes'
import { DOCUMENT_UNAVAILABLE_MESSAGE } from '../../../shared/policy/documents'
import { currentPolicy, policyInScope } from '../../services/policy/policy-access'
import { pdfResponse, readDocument, readPacket, type PdfResult } from '../../services/policy/documents'
import { normalizePolicyNumber } from '../../../shared/policy/policy-number'
import { setFlash } from '../../services/request/flash'
import { defineOperation, problemContent, register } from '../operation'
import { problem } from '../../render/problem'
import { jsonBody, pdf } from '../schemas'

/**
 * /v1/common/DownloadDocument/ and /v1/common/DownloadPolicyPacketDocument/ (spec 000 section 7 and
 * section 4 "Document downloads"): PDF attachments named after the document's fileName, or the packet
 * label plus formatted effective date.
 *
 * POST takes the spec's payloads (a document descriptor with fileName; {transactionType, effectiveDate})
 * plus an optional policyId (default: the session's loaded policy). GET takes the same fields as query
 * parameters: the links of the Documents page, which work without script.
 *
 * A request names a file of the policy's visible list, never an R2 key. A policy outside the session's
 * scope, a missing policy and a file the policy does not list all get the same 404.
 */
const DOCUMENT_NOT_FOUND = { errorMessage: 'Document not found.' } as const
const DOCUMENT_UNAVAILABLE = { errorMessage: 'Document unavailable.' } as const

const policyIdField = z.string().trim().max(20).optional()
const isoOrUsDate = z
  .string()
  .trim()
  .transform((s) => {
    const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(s)
    return us ? `${us[3]}-${us[1]}-${us[2]}` : s
  })
  .pipe(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'effectiveDate must be a date'))

const documentRequestSchema = z.object({
  policyId: policyIdField,
  fileName: z.string().trim().min(1, 'fileName is required').max(160),
  documentType: z.enum(['policy', 'standard']).optional(),
  description: z.string().max(300).optional(),
})

const packetRequestSchema = z.object({
  policyId: policyIdField,
  transactionType: z.string().trim().min(1, 'transactionType is required').max(8),
  effectiveDate: isoOrUsDate,
})

/** The policy a download addresses: the named one if in scope, else the session's loaded policy (a visitor's link: none). */
async function policyFor(env: Env, session: Session | null, policyId: string | undefined): Promise<Policy | null> {
  if (!session) return null
  if (policyId) return policyInScope(env, session, normalizePolicyNumber(policyId))
  return currentPolicy(env, session)
}

const NOT_FOUND: PdfResult = { ok: false, reason: 'not-found' }

async function documentFor(c: Context<AppEnv>, session: Session | null, d: z.infer<typeof documentRequestSchema>): Promise<PdfResult> {
  const policy = await policyFor(c.env, session, d.policyId)
  return policy ? readDocument(c.env, policy, d.fileName, d.documentType, c.get('requestId')) : NOT_FOUND
}

async function packetFor(c: Context<AppEnv>, session: Session | null, d: z.infer<typeof packetRequestSchema>): Promise<PdfResult> {
  const policy = await policyFor(c.env, session, d.policyId)
  return policy ? readPacket(c.env, policy, d.transactionType, d.effectiveDate, c.get('requestId')) : NOT_FOUND
}

async function flashPacketFailure(c: Context<AppEnv>): Promise<void> {
  await setFlash(c, { text: DOCUMENT_UNAVAILABLE_MESSAGE, isError: true, showPhoneNumber: true })
}

const tags = ['documents']

/** A link followed without a session goes to the Documents page (which then asks to sign in). */
const visitorsToDocuments = createMiddleware<AppEnv>(async (c, next) => (c.get('session') ? next() : c.redirect(pathOf('PolicyDocs'), 303)))
const documentResponses = {
  200: pdf('The document, as an attachment.'),
  404: problemContent('No such document for this policy.'),
  502: problemContent('The document could not be produced.'),
}

const downloadDocument = defineOperation(
  {
    method: 'post',
    path: '/common/DownloadDocument',
    tags,
    summary: 'A document of the policy',
    request: jsonBody(documentRequestSchema),
    responses: documentResponses,
  },
  { auth: 'session', idempotency: 'none' },
)

/** The Documents page's link. A failure is only logged: 204 leaves the browser on the page. */
const downloadDocumentLink = defineOperation(
  {
    method: 'get',
    path: '/common/DownloadDocument',
    tags,
    summary: "A document of the policy (the Documents page's link)",
    request: { query: documentRequestSchema },
    middleware: [visitorsToDocuments],
    responses: {
      ...documentResponses,
      204: { description: 'Could not be produced: the browser stays on the page.' },
      303: { description: 'No session: to the Documents page.' },
    },
  },
  { auth: 'anyone' },
)

/** A packet that cannot be produced also leaves the system message for the next page (/system-message). */
const downloadPacket = defineOperation(
  {
    method: 'post',
    path: '/common/DownloadPolicyPacketDocument',
    tags,
    summary: 'A policy packet',
    request: jsonBody(packetRequestSchema),
    responses: documentResponses,
  },
  { auth: 'session', idempotency: 'none' },
)

const downloadPacketLink = defineOperation(
  {
    method: 'get',
    path: '/common/DownloadPolicyPacketDocument',
    tags,
    summary: "A policy packet (the Documents page's link)",
    request: { query: packetRequestSchema },
    middleware: [visitorsToDocuments],
    responses: { ...documentResponses, 303: { description: 'No session, or the packet failed: to a page that says so.' } },
  },
  { auth: 'anyone' },
)

/** The links are followed by a browser: a malformed one is like a missing document. */
const asMissing = (result: { success: boolean }, c: Context<AppEnv>) => (result.success ? undefined : problem(c, 404, DOCUMENT_NOT_FOUND.errorMessage))

export function documentOperations(api: OpenAPIHono<AppEnv>): void {
  register(api, downloadDocument, async (c, { session }) => {
    const result = await documentFor(c, session, c.req.valid('json'))
    if (result.ok) return pdfResponse(result)
    return result.reason === 'not-found' ? problem(c, 404, DOCUMENT_NOT_FOUND.errorMessage) : problem(c, 502, DOCUMENT_UNAVAILABLE.errorMessage)
  })

  register(
    api,
    downloadDocumentLink,
    async (c, { session }) => {
      const result = await documentFor(c, session, c.req.valid('query'))
      if (result.ok) return pdfResponse(result)
      return result.reason === 'not-found' ? problem(c, 404, DOCUMENT_NOT_FOUND.errorMessage) : c.body(null, 204)
    },
    asMissing,
  )

  register(api, downloadPacket, async (c, { session }) => {
    const result = await packetFor(c, session, c.req.valid('json'))
    if (result.ok) return pdfResponse(result)
    if (result.reason === 'not-found') return problem(c, 404, DOCUMENT_NOT_FOUND.errorMessage)
    await flashPacketFailure(c)
    return problem(c, 502, DOCUMENT_UNAVAILABLE_MESSAGE)
  })

  register(
    api,
    downloadPacketLink,
    async (c, { session }) => {
      const result = await packetFor(c, session, c.req.valid('query'))
      if (result.ok) return pdfResponse(result)
      if (result.reason === 'not-found') return problem(c, 404, DOCUMENT_NOT_FOUND.errorMessage)
      await flashPacketFailure(c)
      return c.redirect(pathOf('SystemMessage'), 303)
    },
    asMissing,
  )
}
