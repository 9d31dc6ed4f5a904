import { zValidator } from '@hono/zod-validator'
import type { Context, Next } from 'hono'
import type { $ZodType } from 'zod/v4/core'
import { fieldErrors } from '../../shared/schemas/field-errors'

type IssueList = Parameters<typeof fieldErrors>[0]

export const MALFORMED_REQUEST = { errorMessage: 'Malformed request.' } as const

const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i

/**
 * JSON body validation with the schema's own messages; bad input is a 400 {errorMessage, errors},
 * never a 500. A JSON body that does not parse is a 400 'Malformed request.' (as JSON, like the rest of
 * /v1). `errorsOf` names the fields in `errors` (default: the first path segment of each issue).
 */
export function jsonBody<T extends $ZodType>(schema: T, errorsOf: (error: IssueList) => Record<string, string> = fieldErrors) {
  const validate = zValidator('json', schema, (result, c) => {
    if (!result.success) {
      const errors = errorsOf(result.error)
      return c.json({ errorMessage: Object.values(errors)[0] ?? 'Invalid request.', errors }, 400)
    }
  })
  return (async (c: Context, next: Next) => {
    if (JSON_TYPE.test(c.req.header('Content-Type') ?? '')) {
      try {
        await c.req.json() // cached by Hono: the validator reads the same parse
      } catch {
        return c.json(MALFORMED_REQUEST, 400)
      }
    }
    return validate(c, next)
  }) as typeof validate
}
