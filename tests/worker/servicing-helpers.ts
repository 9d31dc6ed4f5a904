import personas from '../fixtures/personas.json'
import { Browser, type Persona } from './helpers'

/** The persona holding a policy (from the manifest, never hard-coded elsewhere). */
export function ownerOf(policyId: string): Persona {
  const p = personas.personas.find((x) => x.policies.some((y) => y.policyId === policyId))
  if (!p) throw new Error(`no persona holds ${policyId}`)
  return p
}

/** The first policy carrying a tag, with its owner. */
export function policyTagged(tag: string): { owner: Persona; policyId: string } {
  for (const p of personas.personas) {
    const pol = p.policies.find((x) => x.tags.includes(tag))
    if (pol) return { owner: p, policyId: pol.policyId }
  }
  throw new Error(`no policy tagged ${tag}`)
}

const browsers = new Map<string, Browser>()

/** A browser logged in as the policy's owner with that policy loaded (one login per persona and file). */
export async function withPolicy(policyId: string): Promise<Browser> {
  const owner = ownerOf(policyId)
  let b = browsers.get(owner.key)
  if (!b) {
    b = new Browser()
    const res = await b.login(owner)
    if (res.status !== 303) throw new Error(`login of ${owner.userName} failed: ${res.status}`)
    browsers.set(owner.key, b)
  }
  const open = await b.form('/account-home', { policyId })
  if (open.status !== 303 || open.headers.get('Location') === '/error') throw new Error(`could not open ${policyId}`)
  return b
}

export async function page(policyId: string, path: string): Promise<{ status: number; html: string; res: Response }> {
  const b = await withPolicy(policyId)
  const res = await b.fetch(path)
  return { status: res.status, html: await res.text(), res }
}

/** Visible text of an HTML fragment, tags removed and whitespace collapsed (React's <!-- --> too). */
export function text(html: string): string {
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
}

/** The <main> element's HTML. */
export function mainOf(html: string): string {
  const m = /<main[\s\S]*?<\/main>/.exec(html)
  if (!m) throw new Error('page has no <main>')
  return m[0]
}

/**
 * A result page as one clear statement (issue 35 item 6): its heading, one primary button, and any other
 * way on as a plain link (no secondary button beside it). `html` is a whole page.
 */
export function oneClearStatement(html: string): { heading: string; primaries: string[]; secondaries: number } {
  const main = mainOf(html)
  return {
    heading: text(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(main)?.[1] ?? ''),
    primaries: [...main.matchAll(/class="btn btn--primary"[^>]*>([\s\S]*?)<\/(?:a|button)>/g)].map((m) => text(m[1]!)),
    secondaries: (main.match(/btn--secondary/g) ?? []).length,
  }
}
