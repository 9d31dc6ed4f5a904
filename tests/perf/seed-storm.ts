/**
 * Benchmark-only data for `npm run perf:storm` (never the demo seed): N policyholders, each with a
 * profile of its own (perf.storm1 ... perf.stormN, sam.single's password) and a policy of its own (a copy
 * of sam's homeowners policy HOM4020001 with its amount due, numbered HOM48nnnnn), so the claim limits
 * per policy and per account (decision 164) hold each simulated person as they hold one real one.
 * Writes into $PORTAL_STATE_DIR (perf state only). Idempotent: the rows are replaced.
 * Usage: tsx tests/perf/seed-storm.ts N
 */
import { join } from 'node:path'
import type { D1Database } from '@cloudflare/workers-types'
import { getPlatformProxy } from 'wrangler'

const SOURCE_POLICY_ID = 'HOM4020001'
const TEMPLATE_PROFILE = 'sam.single'

/** The i-th storm policyholder (1-based): what storm.mjs signs in as and reports claims on. */
const stormUser = (i: number) => ({ userName: `perf.storm${i}`, policyId: `HOM48${String(i).padStart(5, '0')}`, profileId: `perf-storm-${i}` })

async function seedStorm(db: D1Database, n: number): Promise<void> {
  const src = await db.prepare('SELECT * FROM policies WHERE policy_id = ?').bind(SOURCE_POLICY_ID).first<Record<string, unknown>>()
  if (!src) throw new Error(`seed the demo data first: ${SOURCE_POLICY_ID} is missing`)
  const template = await db.prepare('SELECT password_hash FROM profiles WHERE user_name = ?').bind(TEMPLATE_PROFILE).first<{ password_hash: string }>()
  if (!template) throw new Error(`seed the demo data first: ${TEMPLATE_PROFILE} is missing`)
  const doc = JSON.parse(String(src.doc)) as Record<string, unknown>
  const now = Date.now()
  const statements = []
  for (let i = 1; i <= n; i++) {
    const u = stormUser(i)
    const email = `${u.userName}@example.com`
    statements.push(
      db
        .prepare(
          `INSERT OR REPLACE INTO profiles (profile_id, user_name, email_address, password_hash, send_to_progressive, failed_logins, locked_until, created_at)
           VALUES (?, ?, ?, ?, 0, 0, 0, ?)`,
        )
        .bind(u.profileId, u.userName, email, template.password_hash, now),
      db
        .prepare(
          `INSERT OR REPLACE INTO policies (policy_id, plan_id, state, last_name, birth_date, send_to_progressive, doc, updated_at)
           VALUES (?, ?, ?, ?, ?, 0, ?, ?)`,
        )
        .bind(u.policyId, src.plan_id, src.state, src.last_name, src.birth_date, JSON.stringify({ ...doc, policyID: u.policyId, email }), now),
      db.prepare("INSERT OR REPLACE INTO profile_policies (policy_id, profile_id, nickname, position) VALUES (?, ?, 'Storm', 0)").bind(u.policyId, u.profileId),
    )
  }
  // D1 batches of a few hundred statements at a time.
  for (let i = 0; i < statements.length; i += 300) await db.batch(statements.slice(i, i + 300))
}

const n = Number(process.argv[2] ?? process.env.STORM_USERS ?? 0)
if (!Number.isInteger(n) || n < 1 || n > 20_000) throw new Error('usage: tsx tests/perf/seed-storm.ts N (1-20000 policyholders)')
const stateDir = process.env.PORTAL_STATE_DIR
if (!stateDir) throw new Error('seed-storm writes only into a benchmark state folder: set PORTAL_STATE_DIR')
const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: 'wrangler.toml', persist: { path: join(stateDir, 'v3') }, remoteBindings: false })
try {
  await seedStorm(proxy.env.DB, n)
  console.log(`Storm policyholders: ${n} (perf.storm1..${n}, policies ${stormUser(1).policyId}..${stormUser(n).policyId})`)
} finally {
  await proxy.dispose()
}
