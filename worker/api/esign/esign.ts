import { pathOf } from '../../../shared/routes'
import { requestLocale } from '../../lib/request-locale'
import { operationLocale } from '../../middleware/session'
import { esignSuccessHtml } from '../../../shared/esign/outcome'
import type { Context } from 'hono'
import { z, type OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv, PolicyContext } from '../../types'
import type { PolicyFamily } from '../../../shared/policy/family'
import { route, routePermits } from '../../../shared/routes'
import { esignFieldErrors, type ESignSubmission } from '../../../shared/esign/schemas/esign'
import { completeSubmission, esignSpecSubmissionSchema } from '../../../shared/esign/spec-submission'
import { signPolicy } from '../../services/esign/esign'
import { RATE_RULES } from '../../middleware/rate-rules'
import { clientMeta } from '../../services/request/client-meta'
import { setFlash } from '../../services/request/flash'
import { renderEsignEvidencePdf, signatureOf } from '../../services/esign/esign-evidence-pdf'
import { defineOperation, miniJsonBody, register } from '../operation'
import { NOT_FOUND, problem } from '../../render/problem'
import { json, pdf, PolicyIdParam, text } from '../schemas'

/**
 * PostESignatures and GetESignatures (homeowners only), GetPolicyStatements (both families), spec 000
 * section 7. The policy comes through the operation's policy rule: scope and family checked, anything
 * else answers like a missing policy.
 */
const submissionBody = miniJsonBody(esignSpecSubmissionSchema, esignFieldErrors)

export function esignOperations(api: OpenAPIHono<AppEnv>, family: PolicyFamily): void {
  const statements = defineOperation(
    {
      method: 'get',
      path: `/${family}/GetPolicyStatements/{policyId}`,
      operationId: `${family}.GetPolicyStatements`,
      tags: [family],
      summary: 'The statements an e-signature confirms',
      request: { params: PolicyIdParam },
      responses: { 200: json(z.array(z.object({ statementId: z.string(), statementText: z.string(), eSignature: z.string() })), 'The statements.') },
    },
    { auth: 'session', policy: { family, operation: 'GetPolicyStatements' } },
  )
  register(api, statements, (c, { policy }) => {
    c.header('Cache-Control', 'no-store')
    return c.json(policy.policyStatements.map((s) => ({ statementId: s.statementId, statementText: s.statementText, eSignature: '' })))
  })

  if (family !== 'homeowners') return

  const history = defineOperation(
    {
      method: 'get',
      path: `/${family}/GetESignatures/{policyId}`,
      operationId: `${family}.GetESignatures`,
      tags: [family],
      summary: 'E-signature history',
      request: { params: PolicyIdParam },
      responses: { 200: json(z.array(z.object({}).passthrough()), 'The signatures.') },
    },
    {
      auth: 'session',
      // The permission of the screen this call serves, from the route table.
      policy: {
        family,
        operation: 'GetESignatures',
        refusal: (p) => (routePermits(route('ESignHistory'), p) ? null : 'E-signature history is not available for this policy.'),
      },
    },
  )
  register(api, history, (c, { policy }) => {
    c.header('Cache-Control', 'no-store')
    return c.json(policy.eSignatures)
  })

  /** The evidence of an e-signature made in the portal, as a PDF to keep (issue 21 item 13). */
  const evidence = defineOperation(
    {
      method: 'get',
      path: `/${family}/ESignatureEvidence/{policyId}/{signatureId}`,
      operationId: `${family}.ESignatureEvidence`,
      tags: [family],
      summary: "An e-signature's evidence (PDF)",
      request: {
        params: PolicyIdParam.extend({
          signatureId: z
            .string()
            .max(64)
            .openapi({ param: { name: 'signatureId', in: 'path' } }),
        }),
      },
      responses: { 200: pdf('The evidence, as an attachment.') },
    },
    {
      auth: 'session',
      policy: {
        family,
        operation: 'GetESignatures',
        refusal: (p) => (routePermits(route('ESignHistory'), p) ? null : 'E-signature history is not available for this policy.'),
      },
    },
  )
  register(api, evidence, async (c, { policy }) => {
    const signature = await signatureOf(c.env.DB, policy.policyID, c.req.valid('param').signatureId)
    if (!signature) return problem(c, 404, NOT_FOUND)
    const bytes = await renderEsignEvidencePdf(c.env.DB, signature, policy.state, operationLocale(c))
    return c.body(bytes as unknown as ArrayBuffer, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="e-signature-${policy.policyID}-${signature.date_signed}.pdf"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    })
  })

  /**
   * 200: the text is a success; 202: the text is an error (spec 000 section 4 "E-sign"). The body is that
   * text (text/plain). A browser caller (session cookie) also gets it put on the system-message page,
   * which the island opens next. The spec's payload (spec 000 section 3 "E-sign submission"); the
   * island's extra fields are accepted too.
   */
  const sign = defineOperation(
    {
      method: 'post',
      path: `/${family}/PostESignatures/{policyId}`,
      operationId: `${family}.PostESignatures`,
      tags: [family],
      summary: 'Sign the application',
      request: { params: PolicyIdParam, body: submissionBody.body },
      middleware: [submissionBody.middleware],
      responses: { 200: text('Signed: a success text.'), 202: text('Not signed: the reason, in words.') },
    },
    { auth: 'session', policy: { family, operation: 'PostESignatures' }, rate: RATE_RULES.esign },
  )
  register(api, sign, (c, granted) => {
    const submission = c.req.valid('json' as never) as Parameters<typeof completeSubmission>[0]
    return postESignatures(c, granted, completeSubmission(submission, granted.policy.policyStatements))
  })
}

async function postESignatures(c: Context<AppEnv>, { session, policy }: PolicyContext, submission: ESignSubmission): Promise<Response> {
  if (submission.policyId !== policy.policyID) return problem(c, 400, 'The policy id does not match the address.')
  const viaBrowser = c.get('authVia') === 'cookie'
  const meta = clientMeta(c)
  const result = await signPolicy(
    {
      env: c.env,
      session,
      requestId: meta.requestId,
      ip: meta.ip,
      userAgent: meta.userAgent,
      clientSid: c.get('sid'),
      channel: viaBrowser ? 'island' : 'api',
      locale: operationLocale(c),
    },
    policy,
    submission,
  )
  if (viaBrowser) {
    await setFlash(c, {
      text: result.status === 200 ? esignSuccessHtml(result.shown, pathOf('ESignHistory'), requestLocale(c)) : result.shown,
      isError: result.status === 202,
      showPhoneNumber: result.showPhoneNumber ?? false,
    })
  }
  c.header('Cache-Control', 'no-store')
  return c.text(result.message, result.status)
}
