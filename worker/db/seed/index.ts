import type { D1Database, R2Bucket } from '@cloudflare/workers-types'
import { hashPassword } from '../../lib/password-hash'
import { loadManifest, profileIdOf } from './manifest'
import { planPdfJobs, syncPdfs } from './pdfs'
import { buildSeedPolicies } from './policies'
import { upsertRows, type SeedProfile } from './rows'
import { upsertClaimsRows } from './claims-rows'

/**
 * The demo data: personas (tests/fixtures/personas.json), their policies, global features, the claims
 * reference data (claims matrix, claim seed data, fraud language), and the PDFs in R2. Deterministic
 * (no clock, no randomness) and idempotent: a second run changes nothing.
 */
export interface SeedCounts {
  profiles: number
  policies: number
  /** PDFs the demo data refers to (all present in R2 afterwards). */
  pdfs: number
  /** Of those, how many this run had to write (0 on a rerun). */
  pdfsWritten: number
  /** D1 rows inserted, updated or deleted by this run (0 on a rerun). */
  rowsChanged: number
}

/** A fixed salt per user name (first 16 bytes of sha256), so reruns produce identical hashes. */
async function seedSalt(userName: string): Promise<Uint8Array> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(userName))
  return new Uint8Array(digest).slice(0, 16)
}

export async function seedDemoData(env: { DB: D1Database; DOCS: R2Bucket }, pepper: string): Promise<SeedCounts> {
  if (!pepper) throw new Error('seedDemoData needs the PASSWORD_PEPPER secret')
  const manifest = loadManifest()
  const policies = buildSeedPolicies(manifest)
  const profiles: SeedProfile[] = []
  for (const persona of manifest.personas) {
    profiles.push({
      profileId: profileIdOf(persona),
      userName: persona.userName,
      email: persona.email,
      passwordHash: await hashPassword(persona.password, pepper, await seedSalt(persona.userName)),
      sendToProgressive: persona.tags.includes('direct.partner') || persona.tags.includes('profile.send-to-progressive'),
    })
  }
  const rowsChanged =
    (await upsertRows(env.DB, profiles, policies)) +
    (await upsertClaimsRows(
      env.DB,
      policies.map((p) => p.doc),
    ))
  const pdf = await syncPdfs(env.DOCS, planPdfJobs(policies.map((p) => p.doc)))
  return { profiles: profiles.length, policies: policies.length, pdfs: pdf.total, pdfsWritten: pdf.written, rowsChanged }
}

/**
 * `npm start`'s seed (issue 35): the demo data only into a database without profiles (a first start, or after
 * `npm run reset`), so what was done while trying the demo (signatures, payments) survives a restart;
 * seedDemoData would put every seeded row back. Null when the database already holds the demo.
 */
export async function seedDemoDataIfEmpty(env: { DB: D1Database; DOCS: R2Bucket }, pepper: string): Promise<SeedCounts | null> {
  const seeded = await env.DB.prepare('SELECT COUNT(*) AS n FROM profiles').first<{ n: number }>()
  if ((seeded?.n ?? 0) > 0) return null
  return seedDemoData(env, pepper)
}
