import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'

/**
 * The string fields of a posted form (files and repeated fields are not expected). A body that cannot
 * be parsed is the sender's fault: a 400, never a 500.
 */
export async function readForm(c: Context): Promise<Record<string, string>> {
  let body: Record<string, unknown>
  try {
    body = await c.req.parseBody()
  } catch {
    throw new HTTPException(400, { message: 'Malformed form data.' })
  }
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(body)) if (typeof v === 'string') out[k] = v
  return out
}
