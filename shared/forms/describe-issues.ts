import type * as z from 'zod/mini'

/**
 * Readable one-line reasons for a failed parse (for loud console/server errors). In a file of its own,
 * without a runtime import of zod, so the island client can use it and stay small.
 */
export function describeIssues(error: Pick<z.core.$ZodError, 'issues'>): string {
  return error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')
}
