import type { D1Database } from '@cloudflare/workers-types'
import { failSwitch } from './fail-switch'
import { sha256Hex } from '../lib/sha256'

/**
 * The vendor-network stand-in's own state (migration 0015's standin_vendor_* tables; dev only, nothing
 * in the portal reads them): one dispatch per idempotency key, and the failure switch.
 */
export interface StandInDispatch {
  idempotencyKey: string
  claimNumber: string
  company: string
  phone: string
  expectedArrival: string
  /** How many times the key was sent (the same dispatch each time). */
  received: number
  services: string[]
}

interface DispatchRow {
  idempotency_key: string
  claim_number: string
  request: string
  company: string
  phone: string
  expected_arrival: string
  received: number
}

const COMPANIES = ['Lone Star Restoration', 'RapidDry Emergency Services', 'SafeBoard Property Response', 'Summit Roof & Tarp', 'ClearAir Fire Recovery']

/** How far ahead the made-up vendor says it arrives. */
const STAND_IN_ARRIVAL_MS = 3 * 3_600_000

/** A made-up vendor, the same for the same key: a company, a 555 phone number, an arrival a few hours ahead. */
async function madeUpVendor(key: string, now: number): Promise<{ company: string; phone: string; expectedArrival: string }> {
  const h = await sha256Hex(`standin-vendor:${key}`)
  const n = Number.parseInt(h.slice(0, 8), 16)
  return {
    company: COMPANIES[n % COMPANIES.length]!,
    phone: `1-800-555-${String(100 + (n % 100)).padStart(4, '0')}`,
    expectedArrival: new Date(now + STAND_IN_ARRIVAL_MS).toISOString(),
  }
}

const listed = (r: DispatchRow): StandInDispatch => {
  const request = JSON.parse(r.request) as { services?: unknown }
  return {
    idempotencyKey: r.idempotency_key,
    claimNumber: r.claim_number,
    company: r.company,
    phone: r.phone,
    expectedArrival: r.expected_arrival,
    received: r.received,
    services: Array.isArray(request.services) ? request.services.map(String) : [],
  }
}

/**
 * The key's dispatch: a new one (`created`), or the one it already has, counted as received once more.
 * INSERT ... ON CONFLICT keeps one row per key even for two requests at once.
 */
export async function takeDispatch(
  db: D1Database,
  d: { key: string; claimNumber: string; request: string; now: number },
): Promise<{ dispatch: StandInDispatch; created: boolean }> {
  const v = await madeUpVendor(d.key, d.now)
  const row = await db
    .prepare(
      `INSERT INTO standin_vendor_dispatches (idempotency_key, claim_number, request, company, phone, expected_arrival, received, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1, ?7)
       ON CONFLICT (idempotency_key) DO UPDATE SET received = received + 1
       RETURNING *`,
    )
    .bind(d.key, d.claimNumber, d.request, v.company, v.phone, v.expectedArrival, d.now)
    .first<DispatchRow>()
  return { dispatch: listed(row!), created: row!.received === 1 }
}

/** Every dispatch the stand-in holds, oldest first: one entry per key however often it was sent. */
export async function listDispatches(db: D1Database): Promise<StandInDispatch[]> {
  const { results } = await db.prepare('SELECT * FROM standin_vendor_dispatches ORDER BY created_at, idempotency_key').all<DispatchRow>()
  return results.map(listed)
}

export async function forgetAll(db: D1Database): Promise<void> {
  await db.batch([db.prepare('DELETE FROM standin_vendor_dispatches'), db.prepare('DELETE FROM standin_vendor_fail')])
}

/** This stand-in's fail switch (worker/dev/fail-switch.ts). */
export const failures = (db: D1Database) => failSwitch(db, 'standin_vendor_fail')
