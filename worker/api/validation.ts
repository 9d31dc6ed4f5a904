import { zValidator } from '@hono/zod-validator'
import type { ZodType } from 'zod'
import { fieldErrors } from '../../shared/schemas/field-errors'

/** JSON body validation with the schema's own messages; bad input is a 400, never a 500. */
export function jsonBody<T extends ZodType>(schema: T) {
  return zValidator('json', schema, (result, c) => {
    if (!result.success) {
      const errors = fieldErrors(result.error)
      return c.json({ errorMessage: Object.values(errors)[0] ?? 'Invalid request.', errors }, 400)
    }
  })
}
