import { env } from 'cloudflare:workers'
import { PDFDocument } from 'pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import personas from '../fixtures/personas.json'
import { PLAN_CODES } from '../support/plans'
import { policySchema, type Policy } from '../../shared/policy/schemas/policy'
import { seedDemoData, type SeedCounts } from '../../worker/db/seed'
import { verifyPassword } from '../../worker/lib/password-hash'
import { packetKey, policyDocumentKey, standardDocumentKey } from '../../worker/db/policy/document-keys'

/** The demo seed against real D1 and R2 in workerd: complete, valid, and idempotent. */

const TABLES = {
  profiles: 'profile_id',
  policies: 'policy_id',
  profile_policies: 'policy_id',
  global_features: 'feature_key',
} as const

async function snapshot(): Promise<{ rows: Record<string, unknown[]>; objects: unknown[] }> {
  const rows: Record<string, unknown[]> = {}
  for (const [table, key] of Object.entries(TABLES)) {
    rows[table] = (await env.DB.prepare(`SELECT * FROM ${table} ORDER BY ${key}`).all()).results
  }
  const objects: unknown[] = []
  let cursor: string | undefined
  do {
    const page = await env.DOCS.list({ cursor })
    for (const o of page.objects) objects.push({ key: o.key, size: o.size, etag: o.etag, uploaded: o.uploaded.toISOString() })
    cursor = page.truncated ? page.cursor : undefined
  } while (cursor)
  return { rows, objects }
}

async function policy(policyId: string): Promise<Policy> {
  const row = await env.DB.prepare('SELECT doc FROM policies WHERE policy_id = ?').bind(policyId).first<{ doc: string }>()
  return policySchema.parse(JSON.parse(row!.doc))
}

async function pdf(key: string): Promise<{ bytes: Uint8Array; pages: number }> {
  const obj = await env.DOCS.get(key)
  expect(obj, key).not.toBeNull()
  expect(obj!.httpMetadata?.contentType).toBe('application/pdf')
  expect(obj!.customMetadata?.sha256).toMatch(/^[0-9a-f]{64}$/)
  const bytes = new Uint8Array(await obj!.arrayBuffer())
  expect(new TextDecoder().decode(bytes.slice(0, 5)), key).toBe('%PDF-')
  const doc = await PDFDocument.load(bytes)
  return { bytes, pages: doc.getPageCount() }
}

const policyWith = (tag: string): string => {
  for (const p of personas.personas) for (const x of p.policies) if (x.tags.includes(tag)) return x.policyId
  throw new Error(`no policy tagged ${tag}`)
}

let first: SeedCounts
let second: SeedCounts
let before: Awaited<ReturnType<typeof snapshot>>
let after: Awaited<ReturnType<typeof snapshot>>

beforeAll(async () => {
  first = await seedDemoData(env, env.PASSWORD_PEPPER)
  before = await snapshot()
  second = await seedDemoData(env, env.PASSWORD_PEPPER)
  after = await snapshot()
}, 120_000)

describe('demo seed', () => {
  it('writes every persona, policy and PDF once', () => {
    const linked = personas.personas.reduce((n, p) => n + p.policies.length, 0)
    expect(first.profiles).toBe(personas.personas.length)
    expect(first.policies).toBe(linked + personas.unlinkedPolicies.length)
    expect(first.pdfs).toBeGreaterThan(first.policies)
    expect(first.pdfsWritten).toBe(first.pdfs)
    expect(before.rows.profiles).toHaveLength(first.profiles)
    expect(before.rows.policies).toHaveLength(first.policies)
    expect(before.rows.profile_policies).toHaveLength(linked)
    expect(before.objects).toHaveLength(first.pdfs)
  })

  it('is idempotent: the second run changes no row and rewrites no object', () => {
    expect(second).toEqual({ ...first, pdfsWritten: 0, rowsChanged: 0 })
    expect(after).toEqual(before)
  })

  it('stores policy documents that parse with the policy schema and cover every plan code', async () => {
    const { results } = await env.DB.prepare('SELECT policy_id, plan_id, doc FROM policies').all<{ policy_id: string; plan_id: string; doc: string }>()
    for (const row of results) {
      const doc = policySchema.parse(JSON.parse(row.doc))
      expect(doc.policyID).toBe(row.policy_id)
      expect(doc.planId).toBe(row.plan_id)
    }
    const plans = new Set(results.map((r) => r.plan_id))
    for (const code of PLAN_CODES) expect(plans, code).toContain(code)
  })

  it('links personas with nicknames and leaves the registration policies unlinked', async () => {
    for (const p of personas.personas) {
      const { results } = await env.DB.prepare('SELECT policy_id, nickname FROM profile_policies WHERE profile_id = ? ORDER BY position')
        .bind(`p-${p.key}`)
        .all<{ policy_id: string; nickname: string }>()
      expect(results.map((r) => r.policy_id)).toEqual(p.policies.map((x) => x.policyId))
      for (const r of results) expect(r.nickname.length).toBeGreaterThan(0)
    }
    for (const u of personas.unlinkedPolicies) {
      const link = await env.DB.prepare('SELECT 1 FROM profile_policies WHERE policy_id = ?').bind(u.policyId).first()
      expect(link, u.policyId).toBeNull()
      const row = await env.DB.prepare('SELECT last_name, birth_date, send_to_progressive FROM policies WHERE policy_id = ?')
        .bind(u.policyId)
        .first<{ last_name: string; birth_date: string | null; send_to_progressive: number }>()
      expect(row).toMatchObject({ last_name: u.lastName, birth_date: u.birthDate, send_to_progressive: u.tags.includes('unregistered.partner') ? 1 : 0 })
    }
    const partner = personas.personas.find((p) => p.tags.includes('direct.partner'))!
    const profile = await env.DB.prepare('SELECT send_to_progressive FROM profiles WHERE profile_id = ?').bind(`p-${partner.key}`).first()
    expect(profile).toEqual({ send_to_progressive: 1 })
    const feature = await env.DB.prepare("SELECT enabled FROM global_features WHERE feature_key = 'customerPortal.PgrPartnerLogging'").first()
    expect(feature).toEqual({ enabled: 1 })
  })

  it('hashes every persona password so that it verifies with the pepper', async () => {
    for (const p of personas.personas) {
      const row = await env.DB.prepare('SELECT password_hash FROM profiles WHERE user_name = ?')
        .bind(p.userName.toUpperCase())
        .first<{ password_hash: string }>()
      expect(row, p.userName).not.toBeNull()
      expect((await verifyPassword(p.password, env.PASSWORD_PEPPER, row!.password_hash)).ok).toBe(true)
    }
  }, 60_000)

  it('puts real PDFs in R2 for every document, packet and coverage form of a policy', async () => {
    const doc = await policy(policyWith('policy.homeowners-balance'))
    const fileNames = new Set([...doc.policyDocuments.map((d) => d.fileName), doc.applicationFileName])
    for (const fileName of fileNames) {
      expect((await pdf(policyDocumentKey(doc.policyID, fileName))).pages).toBeGreaterThanOrEqual(1)
    }
    expect(doc.policyPacketDocuments.map((p) => p.transactionType).sort()).toEqual(['EB', 'NB', 'RN'])
    for (const pk of doc.policyPacketDocuments) {
      expect((await pdf(packetKey(doc.policyID, pk.transactionType, pk.effectiveDate))).pages).toBeGreaterThanOrEqual(2)
    }
    for (const std of doc.standardDocuments) {
      expect((await pdf(standardDocumentKey(std.fileName))).pages).toBeGreaterThanOrEqual(1)
    }
  })

  it('has a declarations page in R2 for every policy', async () => {
    const { results } = await env.DB.prepare('SELECT doc FROM policies').all<{ doc: string }>()
    for (const row of results) {
      const doc = policySchema.parse(JSON.parse(row.doc))
      const dec = doc.policyDocuments.find((d) => d.description.includes('Dec Page'))
      expect(dec, doc.policyID).toBeDefined()
      expect(await env.DOCS.head(policyDocumentKey(doc.policyID, dec!.fileName)), doc.policyID).not.toBeNull()
    }
  })
})
