import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { z } from '@hono/zod-openapi'
import { PROBLEM_MEDIA_TYPE, PROBLEM_TYPES, type ProblemType } from '../../shared/api/problem'

/**
 * The one error answer of /v1 (RFC 9457; decision 160): every status from 400 up leaves through
 * problem(). `detail` and `errorMessage` carry the same text, the spec's where it has one.
 */
const TITLES: Record<number, string> = {
  400: 'The request is not valid',
  401: 'Sign-in needed',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Request in progress',
  411: 'Length required',
  413: 'Request too large',
  415: 'Unsupported media type',
  422: 'Request cannot be processed',
  429: 'Too many requests',
  500: 'Unexpected error',
  502: 'An outside service failed',
  503: 'Service unavailable',
}

export interface ProblemExtras {
  type?: ProblemType
  errors?: Record<string, string>
  [member: string]: unknown
}

function problemBody(status: number, detail: string, extras: ProblemExtras = {}) {
  const { type = 'about:blank', ...rest } = extras
  return { type, title: TITLES[status] ?? 'Request refused', status, detail, errorMessage: detail, ...rest }
}

export function problem(c: Context, status: ContentfulStatusCode, detail: string, extras: ProblemExtras = {}): Response {
  return c.body(JSON.stringify(problemBody(status, detail, extras)), status, { 'Content-Type': PROBLEM_MEDIA_TYPE })
}

export const MALFORMED = 'Malformed request.'
export const NOT_FOUND = 'Not found.'

/** The document's description of the shape (components.schemas.Problem). */
export const ProblemSchema = z
  .object({
    type: z.string().openapi({ example: PROBLEM_TYPES.invalidBody }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    errorMessage: z.string().openapi({ description: 'The same text as detail (spec 000 section 7).' }),
    errors: z.record(z.string(), z.string()).optional().openapi({ description: 'Field -> its first message, when a body was refused field by field.' }),
  })
  .openapi('Problem')
