import type { Context } from 'hono'
import type { z } from 'zod'
import { fieldErrors, type FieldErrors } from '../../shared/forms/field-errors'
import { readForm } from '../services/request/read-form'
import { STORE_FAILED, unlessStoreFails } from '../lib/store-failure'

export { STORE_FAILED }

/** What the user typed, to put back in the form. */
export type Typed = Record<string, string>

/**
 * A posted page form, read and checked (decision 090). Either the schema's data, or its message per
 * field for the page to show again; both carry what was typed.
 */
export type SubmittedForm<T> = { ok: true; data: T; typed: Typed } | { ok: false; errors: FieldErrors; typed: Typed }

/** A field whose name says password is never sent back to the browser, whatever the page does. */
const NEVER_ECHOED = /password/i

function echoable(form: Typed): Typed {
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

/** The status of a form re-shown because our storage failed: the form was fine, try again (decision 144). */
export const STORE_FAILED_STATUS = 503

/**
 * A page form's write. When the database fails, the answer is STORE_FAILED and the page shows its form
 * again with what was typed (never a password) and MSG.storeUnavailable above it, status 503, instead of
 * the generic Error page:
 *
 *   const result = await formWork(c, 'registration', () => registerProfile(c.env, form.data, meta))
 *   if (result === STORE_FAILED) return view({}, MSG.storeUnavailable, STORE_FAILED_STATUS)
 */
export function formWork<T>(c: Context, what: string, work: () => Promise<T>): Promise<T | typeof STORE_FAILED> {
  return unlessStoreFails(String(c.get('requestId') ?? ''), what, work)
}
