import { env } from 'cloudflare:workers'
import personas from '../fixtures/personas.json'
import { api, Browser, ORIGIN } from './helpers'

/** Helpers of the profile tests (issue 3). */

export type Unlinked = (typeof personas.unlinkedPolicies)[number]

export function unlinked(tag: string): Unlinked {
  const u = personas.unlinkedPolicies.find((x) => x.tags.includes(tag))
  if (!u) throw new Error(`no unlinked policy tagged ${tag}`)
  return u
}

let ipCounter = 0
/** A fresh client address, so the per-IP burst limit of one test never meets another's. */
export function freshIp(): string {
  ipCounter += 1
  return `127.0.101.${ipCounter % 250}`
}

/** A browser from its own address. */
export class ProfileBrowser extends Browser {
  constructor(readonly ip = freshIp()) {
    super()
  }

  override fetch(path: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Response> {
    return super.fetch(path, { ...init, headers: { 'CF-Connecting-IP': this.ip, ...(init.headers ?? {}) } })
  }

  /** The page's HTML after a 303 (what the browser shows next). */
  async follow(res: Response): Promise<{ status: number; html: string; path: string }> {
    const location = res.headers.get('Location')
    if (res.status !== 303 || !location) return { status: res.status, html: await res.text(), path: '' }
    const next = await this.fetch(location)
    return { status: next.status, html: await next.text(), path: location }
  }
}

/** A JSON call with an optional bearer token, from its own address. */
export function call(method: string, path: string, body?: unknown, token?: string, ip = freshIp()): Promise<Response> {
  const headers: Record<string, string> = { 'CF-Connecting-IP': ip, Origin: ORIGIN }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`
  return api(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
}

export interface TokenBody {
  profile: { profileId: string; userName: string; emailAddress: string; sendToProgressive: boolean; policies: { policyId: string; policyNickname: string }[] }
  accountToken: string
  tokenType: string
  expiresIn: number
}

export async function loginToken(userName: string, password: string): Promise<TokenBody> {
  const res = await call('POST', '/v1/profile/login/', { userName, password })
  if (res.status !== 200) throw new Error(`login ${userName} failed: ${res.status}`)
  return (await res.json()) as TokenBody
}

let userCounter = 0
/** A registration body for an unlinked policy, with a new user name and email. */
export function registration(u: Unlinked, overrides: Record<string, unknown> = {}) {
  userCounter += 1
  const stamp = `${Date.now().toString(36)}${userCounter}`
  return {
    userName: `new.user.${stamp}`,
    emailAddress: `new.user.${stamp}@example.com`,
    password: 'Fresh#Start1',
    policyID: u.policyId,
    lastName: u.lastName,
    birthDate: u.birthDate,
    ...overrides,
  }
}

/** The mail the port queued for an address, newest first. */
export async function mailTo(address: string): Promise<{ kind: string; subject: string; text: string }[]> {
  const { results } = await env.DB.prepare("SELECT payload FROM outbox WHERE channel = 'mail' ORDER BY id DESC").all<{ payload: string }>()
  return results.map((r) => JSON.parse(r.payload)).filter((m) => m.to.toLowerCase() === address.toLowerCase())
}

/** The path and query of the newest reset link mailed to an address. */
export async function resetLinkFor(address: string): Promise<string> {
  const mail = (await mailTo(address)).find((m) => m.kind === 'password-reset')
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0]
  if (!link) throw new Error(`no reset link mailed to ${address}`)
  const url = new URL(link)
  return url.pathname + url.search
}

export async function auditEvents(event: string): Promise<{ profile_id: string | null; detail: string }[]> {
  const { results } = await env.DB.prepare('SELECT profile_id, detail FROM audit_log WHERE event = ? ORDER BY id')
    .bind(event)
    .all<{ profile_id: string | null; detail: string }>()
  return results
}
