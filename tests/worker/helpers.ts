import { env, exports } from 'cloudflare:workers'
import type { Fetcher } from '@cloudflare/workers-types'
import personas from '../fixtures/personas.json'
import { seedDemoData } from '../../worker/db/seed'

export const ORIGIN = 'https://localhost'

/** The worker under test (wrangler.toml `main`), called as a browser or client would. */
const worker = (exports as unknown as { default: Fetcher }).default

export function setCookies(res: Response): string[] {
  return (res.headers as unknown as { getSetCookie(): string[] }).getSetCookie()
}

let seeding: Promise<unknown> | null = null

/** The demo data, once per test file (each file has its own storage). */
export function seed(): Promise<unknown> {
  seeding ??= seedDemoData(env as never, env.PASSWORD_PEPPER)
  return seeding
}

export type Persona = (typeof personas.personas)[number]

export function persona(tag: string): Persona {
  const p = personas.personas.find((x) => x.tags.includes(tag))
  if (!p) throw new Error(`no persona tagged ${tag}`)
  return p
}

/** Another persona's policy: must look exactly like a missing one. */
export function policyOfAnotherPersona(me: Persona): string {
  const other = personas.personas.find((x) => x.key !== me.key && x.policies.length > 0)!
  return other.policies[0]!.policyId
}

/** The Cookie header a browser would send from this jar. */
export function cookieHeader(jar: Map<string, string>): string {
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
}

/** Stores a response's Set-Cookie lines in the jar (deleting expired ones) and returns the lines. */
export function absorbCookies(jar: Map<string, string>, res: Response): string[] {
  const lines = setCookies(res)
  for (const line of lines) {
    const [pair] = line.split(';')
    const [name, ...rest] = pair!.split('=')
    const value = rest.join('=')
    if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') jar.delete(name!.trim())
    else jar.set(name!.trim(), value)
  }
  return lines
}

/** A tiny cookie jar: what a browser would send back. */
export class Browser {
  cookies = new Map<string, string>()

  async fetch(path: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { ...(init.headers ?? {}) }
    if (this.cookies.size) headers.Cookie = cookieHeader(this.cookies)
    if (init.method && init.method !== 'GET' && !headers.Origin) headers.Origin = ORIGIN
    const res = (await worker.fetch(`${ORIGIN}${path}`, { ...init, headers, redirect: 'manual' } as never)) as unknown as Response
    absorbCookies(this.cookies, res)
    return res
  }

  form(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    return this.fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    })
  }

  async login(p: Persona): Promise<Response> {
    return this.form('/', { userName: p.userName, password: p.password })
  }
}

export function api(path: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Response> {
  return worker.fetch(`${ORIGIN}${path}`, init as never) as unknown as Promise<Response>
}

export function jsonPost(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return api(path, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: ORIGIN, ...headers }, body: JSON.stringify(body) })
}

/** The Authorization header of a fresh API login (POST /v1/profile/login) as the persona with this tag. */
export async function bearer(tag: string): Promise<Record<string, string>> {
  const p = persona(tag)
  const res = await jsonPost('/v1/profile/login/', { userName: p.userName, password: p.password })
  if (res.status !== 200) throw new Error(`login of ${p.userName} failed: ${res.status}`)
  return { Authorization: `Bearer ${((await res.json()) as { accountToken: string }).accountToken}` }
}
