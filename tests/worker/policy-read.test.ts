import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { Browser, seed, type Persona } from './helpers'
import { ownerOf, text, mainOf, withPolicy } from './servicing-helpers'
import { policyColumns, type PolicyColumns } from '../../worker/db/policy/policies'

// Decision 141: a policy page reads the session and its policy in one query, and each isolate keeps
// parsed policy documents while their version (migration 0012) is unchanged. Neither may cost
// freshness: a write, a revocation or an unlink shows on the very next request.

const POLICY = 'HOM4020001'

async function signedIn(owner: Persona): Promise<Browser> {
  const b = new Browser()
  expect((await b.login(owner)).status).toBe(303)
  expect((await b.form('/account-home', { policyId: POLICY })).headers.get('Location')).not.toBe('/error')
  return b
}

async function setEmail(email: string): Promise<void> {
  await env.DB.prepare("UPDATE policies SET doc = json_set(doc, '$.email', ?) WHERE policy_id = ?").bind(email, POLICY).run()
}

function version(): Promise<number | undefined> {
  return env.DB.prepare('SELECT version FROM policies WHERE policy_id = ?')
    .bind(POLICY)
    .first<number>('version')
    .then((v) => v ?? undefined)
}

describe('policy reads on policy pages', () => {
  beforeAll(seed)

  it('shows a write to the policy document on the next request, though the page was read (and cached) before', async () => {
    const b = await signedIn(ownerOf(POLICY))
    await setEmail('first@example.com')
    expect(text(mainOf(await (await b.fetch('/policy-information')).text()))).toContain('first@example.com')
    await setEmail('second@example.com')
    const after = text(mainOf(await (await b.fetch('/policy-information')).text()))
    expect(after).toContain('second@example.com')
    expect(after).not.toContain('first@example.com')
  })

  it('shows a claim written to the document in the claims-list dialog on the next page (its rendering is kept per version)', async () => {
    const id = 'HOM4010001'
    const b = await withPolicy(id)
    const dialog = async () => {
      const html = await (await b.fetch('/policy-information')).text()
      return text(html.slice(html.indexOf('<dialog id="claims-list-dialog"'), html.indexOf('</dialog>')))
    }
    const status = (s: string) => env.DB.prepare("UPDATE policies SET doc = json_set(doc, '$.claims[0].status', ?) WHERE policy_id = ?").bind(s, id).run()
    const before = await env.DB.prepare("SELECT json_extract(doc, '$.claims[0].status') AS s FROM policies WHERE policy_id = ?").bind(id).first<string>('s')
    expect(await dialog()).toContain(before!)
    await status('Reopened for review')
    try {
      expect(await dialog()).toContain('Reopened for review')
    } finally {
      await status(before!)
    }
  })

  it('lists the first 10 claims in the claims-list dialog and links to Claims History for the rest', async () => {
    const id = 'HOM4010001'
    const b = await withPolicy(id)
    const original = await env.DB.prepare("SELECT json_extract(doc, '$.claims') AS c FROM policies WHERE policy_id = ?").bind(id).first<string>('c')
    const first = (JSON.parse(original!) as Record<string, unknown>[])[0]!
    const many = Array.from({ length: 12 }, (_, i) => ({ ...first, claimID: `HO-2026-7${String(i).padStart(5, '0')}` }))
    const setClaims = (json: string) => env.DB.prepare("UPDATE policies SET doc = json_set(doc, '$.claims', json(?)) WHERE policy_id = ?").bind(json, id).run()
    await setClaims(JSON.stringify(many))
    try {
      const html = await (await b.fetch('/policy-information')).text()
      const dialog = html.slice(html.indexOf('<dialog id="claims-list-dialog"'), html.indexOf('</dialog>'))
      expect(dialog.match(/<td data-label="Claim ID">/g)).toHaveLength(10)
      expect(dialog).toContain('HO-2026-700009')
      expect(dialog).not.toContain('HO-2026-700010')
      expect(text(dialog)).toContain('Showing 10 of 12 claims. See every claim in Claims History')
      expect(dialog).toContain('href="/claims-history"')
    } finally {
      await setClaims(original!)
    }
  })

  it('gives every write of the document a new version, and an unchanged row keeps its version', async () => {
    const before = await version()
    await env.DB.prepare('UPDATE policies SET plan_id = plan_id WHERE policy_id = ?').bind(POLICY).run()
    expect(await version()).toBe(before)
    await setEmail('third@example.com')
    expect(await version()).not.toBe(before)
  })

  it('answers no document for a version the isolate holds (a cache hit), and the document for any other', async () => {
    const read = (held: string) =>
      env.DB.prepare(`SELECT ${policyColumns('p', '?2')} FROM policies p WHERE p.policy_id = ?1`)
        .bind(POLICY, held)
        .first<PolicyColumns>()
    const first = await read('{}')
    expect(first?.doc).toEqual(expect.any(String))
    // Exact: a random 64-bit version read as a JavaScript number would be rounded and never match.
    expect((await read(JSON.stringify({ [POLICY]: first!.version })))?.doc).toBeNull()
    expect((await read(JSON.stringify({ [POLICY]: `${first!.version}1` })))?.doc).toEqual(first!.doc)
  })

  it('shows a write to a linked policy on the next visit of Account Home, whose reads ride on the session batch', async () => {
    const b = await signedIn(ownerOf(POLICY))
    const card = async () => {
      const html = await (await b.fetch('/account-home')).text()
      return text(html.slice(html.indexOf(POLICY) - 400, html.indexOf(POLICY) + 200))
    }
    expect(await card()).toContain('Active')
    const setStatus = (status: string) =>
      env.DB.prepare("UPDATE policies SET doc = json_set(doc, '$.policyStatus', ?) WHERE policy_id = ?").bind(status, POLICY).run()
    const before = await env.DB.prepare("SELECT json_extract(doc, '$.policyStatus') AS s FROM policies WHERE policy_id = ?").bind(POLICY).first<string>('s')
    await setStatus('Cancelled')
    try {
      expect(await card()).toContain('Cancelled')
    } finally {
      await setStatus(before!)
    }
    await env.DB.prepare('UPDATE sessions SET revoked_at = 1 WHERE revoked_at IS NULL').run()
    expect((await b.fetch('/account-home')).status).toBe(401)
  })

  it('still refuses a revoked session on the next policy page (the session row is read every request)', async () => {
    const b = await signedIn(ownerOf(POLICY))
    expect((await b.fetch('/payment-history')).status).toBe(200)
    await env.DB.prepare('UPDATE sessions SET revoked_at = 1 WHERE revoked_at IS NULL').run()
    expect((await b.fetch('/payment-history')).status).toBe(401)
  })

  it('sends a session whose policy was unlinked from its profile back to Account Home at once', async () => {
    const owner = ownerOf(POLICY)
    const b = await signedIn(owner)
    expect((await b.fetch('/policy-documents')).status).toBe(200)
    const link = await env.DB.prepare('SELECT * FROM profile_policies WHERE policy_id = ?').bind(POLICY).first<Record<string, string | number>>()
    await env.DB.prepare('DELETE FROM profile_policies WHERE policy_id = ?').bind(POLICY).run()
    try {
      const res = await b.fetch('/policy-documents')
      expect(res.status).toBe(303)
      expect(res.headers.get('Location')).toBe('/account-home')
    } finally {
      await env.DB.prepare('INSERT INTO profile_policies (policy_id, profile_id, nickname, position) VALUES (?, ?, ?, ?)')
        .bind(link!.policy_id, link!.profile_id, link!.nickname, link!.position)
        .run()
    }
  })
})
