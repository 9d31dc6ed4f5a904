import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../types'
import type { Policy } from '../../shared/schemas/policy'
import { pathOf } from '../../shared/routes'
import { PACKET_FAILURE_MESSAGE } from '../../shared/policy/documents'
import { requireSession } from './require-session'
import { jsonBody } from './validation'
import { currentPolicy, policyInScope } from '../services/policy-access'
import { pdfResponse, readDocument, readPacket, type PdfResult } from '../services/documents'
import { normalizePolicyNumber } from '../../shared/policy/policy-number'
import { setFlash } from '../services/flash'

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
export const documentsApi = new Hono<AppEnv>()

export const DOCUMENT_NOT_FOUND = { errorMessage: 'Document not found.' } as const
export const DOCUMENT_UNAVAILABLE = { errorMessage: 'Document unavailable.' } as const

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

/** The policy a download addresses: the named one if in scope, else the session's loaded policy. */
async function policyFor(c: Context<AppEnv>, policyId: string | undefined): Promise<Policy | null> {
  const session = c.get('session')
  if (!session) return null
  if (policyId) return policyInScope(c.env, session, normalizePolicyNumber(policyId))
  return currentPolicy(c.env, session)
}

const NOT_FOUND: PdfResult = { ok: false, reason: 'not-found' }

async function documentFor(c: Context<AppEnv>, d: z.infer<typeof documentRequestSchema>): Promise<PdfResult> {
  const policy = await policyFor(c, d.policyId)
  return policy ? readDocument(c.env, policy, d.fileName, d.documentType, c.get('requestId')) : NOT_FOUND
}

async function packetFor(c: Context<AppEnv>, d: z.infer<typeof packetRequestSchema>): Promise<PdfResult> {
  const policy = await policyFor(c, d.policyId)
  return policy ? readPacket(c.env, policy, d.transactionType, d.effectiveDate, c.get('requestId')) : NOT_FOUND
}

async function flashPacketFailure(c: Context<AppEnv>): Promise<void> {
  await setFlash(c, { text: PACKET_FAILURE_MESSAGE, isError: true, showPhoneNumber: true })
}

// The /v1 app is not strict about a trailing slash: '/DownloadDocument' also serves the spec's '/DownloadDocument/'.

documentsApi.post('/DownloadDocument', requireSession, jsonBody(documentRequestSchema), async (c) => {
  const result = await documentFor(c, c.req.valid('json'))
  if (result.ok) return pdfResponse(result)
  return result.reason === 'not-found' ? c.json(DOCUMENT_NOT_FOUND, 404) : c.json(DOCUMENT_UNAVAILABLE, 502)
})

/** The Documents page's link. A failure is only logged: 204 leaves the browser on the page. */
documentsApi.get('/DownloadDocument', async (c) => {
  if (!c.get('session')) return c.redirect(pathOf('PolicyDocs'), 303)
  const parsed = documentRequestSchema.safeParse(c.req.query())
  const result = parsed.success ? await documentFor(c, parsed.data) : NOT_FOUND
  if (result.ok) return pdfResponse(result)
  return result.reason === 'not-found' ? c.json(DOCUMENT_NOT_FOUND, 404) : c.body(null, 204)
})

/** A packet that cannot be produced also leaves the system message for the next page (/system-message). */
documentsApi.post('/DownloadPolicyPacketDocument', requireSession, jsonBody(packetRequestSchema), async (c) => {
  const result = await packetFor(c, c.req.valid('json'))
  if (result.ok) return pdfResponse(result)
  if (result.reason === 'not-found') return c.json(DOCUMENT_NOT_FOUND, 404)
  await flashPacketFailure(c)
  return c.json({ errorMessage: PACKET_FAILURE_MESSAGE }, 502)
})

/** The Documents page's link: a packet that cannot be produced shows the system message page. */
documentsApi.get('/DownloadPolicyPacketDocument', async (c) => {
  if (!c.get('session')) return c.redirect(pathOf('PolicyDocs'), 303)
  const parsed = packetRequestSchema.safeParse(c.req.query())
  const result = parsed.success ? await packetFor(c, parsed.data) : NOT_FOUND
  if (result.ok) return pdfResponse(result)
  if (result.reason === 'not-found') return c.json(DOCUMENT_NOT_FOUND, 404)
  await flashPacketFailure(c)
  return c.redirect(pathOf('SystemMessage'), 303)
})
