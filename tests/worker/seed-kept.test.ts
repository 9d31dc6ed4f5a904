import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { seedDemoData, seedDemoDataIfEmpty } from '../../worker/db/seed'

/**
 * Issue 35: `npm start` seeds only an empty database (scripts/seed.ts --if-empty), so a payment made while
 * trying the demo survives a restart; `npm run reset` deletes the state and so seeds it anew.
 */
const POLICY = 'HOM4020001'

async function totalDue(): Promise<number> {
  const row = await env.DB.prepare("SELECT json_extract(doc, '$.totalDue') AS t FROM policies WHERE policy_id = ?").bind(POLICY).first<{ t: number }>()
  return row!.t
}

describe("npm start's seed", () => {
  it('keeps what was done on a seeded database, where the full seed would put it back', async () => {
    await seedDemoData(env, env.PASSWORD_PEPPER)
    const seeded = await totalDue()
    expect(seeded).toBeGreaterThan(0)
    // What a payment in full does to the policy of record.
    await env.DB.prepare("UPDATE policies SET doc = json_set(doc, '$.totalDue', 0) WHERE policy_id = ?").bind(POLICY).run()

    expect(await seedDemoDataIfEmpty(env, env.PASSWORD_PEPPER)).toBeNull()
    expect(await totalDue()).toBe(0)

    // The full seed (npm run db:seed) puts the row back: why a restart must not run it.
    await seedDemoData(env, env.PASSWORD_PEPPER)
    expect(await totalDue()).toBe(seeded)
  }, 120_000)
})
