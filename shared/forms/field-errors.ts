/** The first message per field, in the order the schema reports them (the order of the form). */
export type FieldErrors = Record<string, string>

interface IssueList {
  issues: readonly { path: readonly PropertyKey[]; message: string }[]
}

export function fieldErrors(error: IssueList): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '')
    if (!(field in out)) out[field] = issue.message
  }
  return out
}
