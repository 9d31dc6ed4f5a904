import { zValidator } from '@hono/zod-validator'
import type { Context, MiddlewareHandler } from 'hono'
import type { $ZodError, $ZodType } from 'zod/v4/core'
import { fieldErrors } from '../../shared/schemas/field-errors'

/** How a route answers a refused body: `error` is the schema's verdict, or null when the body is not JSON at all. */
export type RefusedBody = (c: Context, error: $ZodError | null) => Response | Promise<Response>

export const MALFORMED_REQUEST = { errorMessage: 'Malformed request.' } as const

/**
 * The /v1 answer: 400 with the schema's first message as errorMessage and every field's message;
 * `errorsOf` names the fields (default: the first path segment of each issue).
 */
export function badRequestNaming(errorsOf: (error: $ZodError) => Record<string, string>): RefusedBody {
  return (c, error) => {
    if (!error) return c.json(MALFORMED_REQUEST, 400)
    const errors = errorsOf(error)
    return c.json({ errorMessage: Object.values(errors)[0] ?? 'Invalid request.', errors }, 400)
  }
}

export const badRequest: RefusedBody = badRequestNaming(fieldErrors)

/** Hono's own content-type test for JSON bodies (hono/validator): only these bodies are parsed. */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i

/**
 * Every /v1 JSON body goes through this (decision 091): zValidator with the schema's own messages, so
 * bad input is a 400 (or the route's own answer), never a 500. A body declared as JSON that does not
 * parse gets the same kind of answer here, instead of the validator's plain-text HTTPException.
 */
export function jsonBody<T extends $ZodType>(schema: T, refused: RefusedBody = badRequest) {
  const validate = zValidator('json', schema, (result, c) => (result.success ? undefined : refused(c, result.error)))
  const guarded: MiddlewareHandler = async (c, next) => {
    const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim()
    // The parsed body is cached on the request, so the validator does not read it a second time.
    if (
      JSON_MEDIA_TYPE.test(mediaType) &&
      !(await c.req.json().then(
        () => true,
        () => false,
      ))
    )
      return refused(c, null)
    return validate(c, next)
  }
  return guarded as typeof validate
}
