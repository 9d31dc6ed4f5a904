/**
 * Benchmark-only data (never the demo seed): a copy of the demo policy HOM4010001 with 100 times its
 * payments, claims and documents, linked to its own profile perf.large (sam.single's password; the demo
 * seed re-links only the profiles it owns, so this one survives `npm start` reseeding), so perf:load can show that Dashboard and
 * Payment History cost stays flat as a policy grows. Writes into $PORTAL_STATE_DIR (perf state only).
 * Idempotent: the row is replaced.
 */
import { join } from 'node:path'
import type { D1Database } from '@cloudflare/workers-types'
import { getPlatformProxy } from 'wrangler'
import { largeDoc, LARGE_POLICY_ID, SOURCE_POLICY_ID, type Doc } from './large-policy'

const TEMPLATE_PROFILE = 'sam.single'
export const LARGE_USER = 'perf.large'
const LARGE_PROFILE_ID = 'perf-large-profile'

async function seedLarge(db: D1Database): Promise<{ payments: number; claims: number; documents: number }> {
  const src = await db.prepare('SELECT * FROM policies WHERE policy_id = ?').bind(SOURCE_POLICY_ID).first<Record<string, unknown>>()
  if (!src) throw new Error(`seed the demo data first: ${SOURCE_POLICY_ID} is missing`)
  const template = await db.prepare('SELECT password_hash FROM profiles WHERE user_name = ?').bind(TEMPLATE_PROFILE).first<{ password_hash: string }>()
  if (!template) throw new Error(`seed the demo data first: ${TEMPLATE_PROFILE} is missing`)
  const doc = largeDoc(JSON.parse(String(src.doc)) as Doc)
  await db.batch([
    db
      .prepare(
        `INSERT OR REPLACE INTO profiles (profile_id, user_name, email_address, password_hash, send_to_progressive, failed_logins, locked_until, created_at)
         VALUES (?, ?, 'perf.large@example.com', ?, 0, 0, 0, ?)`,
      )
      .bind(LARGE_PROFILE_ID, LARGE_USER, template.password_hash, Date.now()),
    db
      .prepare(
        `INSERT OR REPLACE INTO policies (policy_id, plan_id, state, last_name, birth_date, send_to_progressive, doc, updated_at)
         VALUES (?, ?, ?, ?, ?, 0, ?, ?)`,
      )
      .bind(LARGE_POLICY_ID, src.plan_id, src.state, src.last_name, src.birth_date, JSON.stringify(doc), Date.now()),
    db
      .prepare("INSERT OR IGNORE INTO profile_policies (policy_id, profile_id, nickname, position) VALUES (?, ?, 'Benchmark', 9)")
      .bind(LARGE_POLICY_ID, LARGE_PROFILE_ID),
  ])
  const count = (k: string) => (Array.isArray(doc[k]) ? (doc[k] as unknown[]).length : 0)
  return { payments: count('payments'), claims: count('claims'), documents: count('policyDocuments') + count('standardDocuments') }
}

const stateDir = process.env.PORTAL_STATE_DIR
if (!stateDir) throw new Error('seed-large writes only into a benchmark state folder: set PORTAL_STATE_DIR')
const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: 'wrangler.toml', persist: { path: join(stateDir, 'v3') }, remoteBindings: false })
try {
  const n = await seedLarge(proxy.env.DB)
  console.log(`Benchmark policy ${LARGE_POLICY_ID} (${LARGE_USER}): ${n.payments} payments, ${n.claims} claims, ${n.documents} documents`)
} finally {
  await proxy.dispose()
}
