import { env } from 'cloudflare:workers'
import { normaliseDigits } from '../../shared/payments/pan'

/** Everything the portal keeps: every D1 table (the outbox included), every KV key and value, every R2 object. */
export async function everythingStored(): Promise<string> {
  const parts: string[] = []
  const { results: tables } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
  ).all<{ name: string }>()
  for (const { name } of tables) parts.push(JSON.stringify((await env.DB.prepare(`SELECT * FROM "${name}"`).all()).results))
  let cursor: string | undefined
  do {
    const page = await env.CACHE.list(cursor ? { cursor } : {})
    for (const k of page.keys) parts.push(k.name, (await env.CACHE.get(k.name)) ?? '')
    cursor = page.list_complete ? undefined : page.cursor
  } while (cursor)
  for (const o of (await env.DOCS.list()).objects) {
    parts.push(o.key)
    const obj = await env.DOCS.get(o.key)
    if (obj) parts.push(new TextDecoder('latin1').decode(await obj.arrayBuffer()))
  }
  return parts.join('\n')
}

/** Digits however written, separators gone: a number split or escaped is still found. */
export const digitsOf = (text: string) => normaliseDigits(text).replace(/[\s.\-\u00a0\u202f\u2009]/g, '')

/**
 * Every digit of a text and nothing else, however the digits were written (NFKC, other scripts, JSON
 * escapes of digits) and whatever stood between them (a JSON escape such as \u0000 is dropped whole):
 * a number kept with any separator is still found.
 */
export const onlyDigits = (text: string) =>
  normaliseDigits(text)
    .replace(/\\u[0-9a-fA-F]{4}/g, '')
    .replace(/\D/g, '')
