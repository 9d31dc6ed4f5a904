import type { $ZodRawIssue } from 'zod/v4/core'

/**
 * Our words for the checks a schema leaves without a message of its own (a missing member, a wrong
 * type, a length): a partner or the mobile app reads these in /v1 problems, never zod's English
 * ('Invalid input: expected string, received undefined'). Schemas that carry the spec's messages keep
 * them: zod gives a schema's own message precedence over this map. Installed by the worker (z.config).
 */
export function plainIssueMessage(issue: $ZodRawIssue): string {
  if (issue.input === undefined && issue.code !== 'unrecognized_keys') return 'This field is required.'
  switch (issue.code) {
    case 'invalid_type':
      return `This field must be ${article(String(issue.expected))}.`
    case 'too_small':
      return issue.origin === 'string' ? `This field must be at least ${issue.minimum} characters long.` : `This value must be at least ${issue.minimum}.`
    case 'too_big':
      return issue.origin === 'string' ? `This field must be at most ${issue.maximum} characters long.` : `This value must be at most ${issue.maximum}.`
    case 'invalid_value':
      return 'This value is not one of those accepted.'
    case 'invalid_format':
      return 'This value is not in the expected format.'
    case 'unrecognized_keys':
      return 'This request has fields it may not carry.'
    case 'invalid_union':
      return 'This value is not in an accepted form.'
    default:
      return 'This value is not valid.'
  }
}

function article(expected: string): string {
  const words: Record<string, string> = {
    string: 'text',
    number: 'a number',
    int: 'a whole number',
    boolean: 'true or false',
    object: 'an object',
    array: 'a list',
    date: 'a date',
  }
  return words[expected] ?? `of type ${expected}`
}
