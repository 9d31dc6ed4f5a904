/**
 * D1 refused a write for a UNIQUE index or primary key ('UNIQUE constraint failed: table.column'): a
 * parallel request made the same row first. Any other failure, a CHECK or a trigger's refusal included,
 * is not one (decision 144).
 */
export function isUniqueViolation(err: unknown): boolean {
  return /UNIQUE constraint failed/i.test(errorText(err))
}

/** The message of an error and of its cause, where D1 sometimes puts the SQLite text. */
export function errorText(err: unknown): string {
  return err instanceof Error ? `${err.message} ${String((err as { cause?: unknown }).cause ?? '')}` : String(err)
}
