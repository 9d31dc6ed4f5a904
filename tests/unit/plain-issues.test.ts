import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { plainIssueMessage } from '../../shared/forms/plain-issues'

/** What a /v1 caller reads where a schema gives no message of its own (issue 18): our words, never zod's. */
const messages = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value, { error: plainIssueMessage })
  return r.success ? [] : r.error.issues.map((i) => i.message)
}

describe('plainIssueMessage', () => {
  it.each([
    ['a missing member', z.object({ a: z.string() }), {}, 'This field is required.'],
    ['a missing enum member', z.object({ a: z.enum(['x', 'y']) }), {}, 'This field is required.'],
    ['a number for text', z.object({ a: z.string() }), { a: 1 }, 'This field must be text.'],
    ['text too long', z.string().max(3), 'abcd', 'This field must be at most 3 characters long.'],
    ['a value not accepted', z.enum(['x']), 'y', 'This value is not one of those accepted.'],
  ])('%s', (_name, schema, value, expected) => {
    expect(messages(schema, value)).toEqual([expected])
  })

  it("keeps a schema's own message (the spec's)", () => {
    expect(messages(z.string({ error: 'The Date of Loss field is required.' }), undefined)).toEqual(['The Date of Loss field is required.'])
  })
})
