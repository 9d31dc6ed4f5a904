import type { Context } from 'hono'
import type { z } from 'zod'
import { fieldErrors, type FieldErrors } from '../../shared/schemas/field-errors'
import { readForm } from './form'

/** What the user typed, to put back in the form. */
export type Typed = Record<string, string>

/**
 * A posted page form, read and checked (decision 090). Either the schema's data, or its message per
 * field for the page to show again; both carry what was typed.
 */
export type SubmittedForm<T> = { ok: true; data: T; typed: Typed } | { ok: false; errors: FieldErrors; typed: Typed }

/** A field whose name says password is never sent back to the browser, whatever the page does. */
const NEVER_ECHOED = /password/i

export function echoable(form: Typed): Typed {
  return Object.fromEntries(Object.entries(form).filter(([name]) => !NEVER_ECHOED.test(name)))
}

/**
 * The one way a page reads its form: the body (unparseable is a 400, never a 500), validated with the
 * form's schema. A refused form is re-rendered by the page with `errors` and `typed`, status 400:
 *
 *   const form = await submittedForm(c, schema)
 *   if (!form.ok) return view(form.typed, form.errors, 400)
 */
export async function submittedForm<S extends z.ZodType>(c: Context, schema: S): Promise<SubmittedForm<z.output<S>>> {
  const form = await readForm(c)
  const typed = echoable(form)
  const parsed = await schema.safeParseAsync(form)
  return parsed.success ? { ok: true, data: parsed.data, typed } : { ok: false, errors: fieldErrors(parsed.error), typed }
}
