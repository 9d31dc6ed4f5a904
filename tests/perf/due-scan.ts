/**
 * `npx tsx tests/perf/due-scan.ts [policies] [enrolled share]`: what the scheduled work's two daily
 * queries cost every minute (issue 29 item 5, decision 195), before and after the indexed due-date
 * column of migration 0022. A fresh local D1 (its own temporary folder, all migrations applied) gets N
 * benchmark-only policies with due dates spread over a year and a share of them enrolled in automatic
 * payments; then each query runs R times: the rows D1 says it read (meta.rows_read), its own duration
 * (meta.duration) and the wall time, median. 'before' is the SQL of main before this change (every
 * active enrolment with its JSON, every policy's JSON through json_extract); 'after' is the SQL the
 * portal runs now. A benchmark, not a test (decision 140): it prints numbers, it asserts nothing.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { D1Database } from '@cloudflare/workers-types'
import { getPlatformProxy } from 'wrangler'

const N = Number(process.argv[2] ?? 10_000)
const ENROLLED = Number(process.argv[3] ?? 0.3)
const RUNS = 15
const DAY = 86_400_000
const START = Date.parse('2027-01-01T00:00:00Z')
const NOW = START + 180 * DAY + 17 * 3_600_000

const BEFORE = {
  autopay: `SELECT ae.*, p.state, json_extract(p.doc, '$.isFlood') AS is_flood, json_extract(p.doc, '$.dueDate') AS due_date,
         coalesce(json_extract(p.doc, '$.amountDue'), 0) + coalesce(json_extract(p.doc, '$.pastDue'), 0) AS due_cents,
         json_extract(p.doc, '$.email') AS policy_email, pr.email_address AS profile_email,
         m.token, m.kind AS method_kind, m.brand, m.last4, m.nickname, m.bank_validated_at
       FROM autopay_enrolments ae
       JOIN policies p ON p.policy_id = ae.policy_id
       JOIN profiles pr ON pr.profile_id = ae.profile_id
       JOIN profile_policies pp ON pp.policy_id = ae.policy_id AND pp.profile_id = ae.profile_id
       LEFT JOIN saved_payment_methods m ON m.method_id = ae.method_id
       WHERE ae.status = 'active'
       ORDER BY ae.policy_id`,
  reminders: `SELECT p.policy_id, p.state, p.doc, pr.email_address AS profile_email,
       (SELECT ae.enrolled_on FROM autopay_enrolments ae WHERE ae.policy_id = p.policy_id AND ae.status = 'active') AS enrolled_on,
       EXISTS (SELECT 1 FROM payment_reminder_optouts o WHERE o.policy_id = p.policy_id) AS opted_out
     FROM policies p
     LEFT JOIN profile_policies pp ON pp.policy_id = p.policy_id
     LEFT JOIN profiles pr ON pr.profile_id = pp.profile_id
     WHERE json_extract(p.doc, '$.dueDate') BETWEEN ?1 AND ?2
       AND coalesce(json_extract(p.doc, '$.amountDue'), 0) + coalesce(json_extract(p.doc, '$.pastDue'), 0) > 0`,
}

const AFTER = {
  // worker/db/payments/autopay-drafts.ts draftsDueBetween
  autopay: `SELECT p.policy_id, p.state, p.due_date, p.due_cents, ae.enrolled_on
       FROM policies p
       JOIN autopay_enrolments ae ON ae.policy_id = p.policy_id AND ae.status = 'active'
       JOIN profile_policies pp ON pp.policy_id = ae.policy_id AND pp.profile_id = ae.profile_id
       JOIN saved_payment_methods m ON m.method_id = ae.method_id
       WHERE p.due_date BETWEEN ?1 AND ?2 AND p.due_cents > 0`,
  // worker/services/payments/payment-reminders.ts
  reminders: BEFORE.reminders.replace(/WHERE json_extract[\s\S]*$/, 'WHERE p.due_date BETWEEN ?1 AND ?2 AND p.due_cents > 0'),
}

const isoDate = (at: number) => new Date(at).toISOString().slice(0, 10)
const WINDOWS = { autopay: [isoDate(NOW - 4 * DAY), isoDate(NOW + DAY)], reminders: [isoDate(NOW - 5 * DAY), isoDate(NOW + 9 * DAY)] }

function doc(i: number) {
  const due = isoDate(START + (i % 365) * DAY)
  // A policy document's usual size (a few kB): the JSON every json_extract parses.
  const filler = Array.from({ length: 20 }, (_, k) => ({ kind: 'coverage', code: `C${k}`, limit: 100_000 + k, text: 'x'.repeat(60) }))
  return JSON.stringify({
    policyID: `BEN${String(i).padStart(7, '0')}`,
    dueDate: due,
    amountDue: i % 7 === 0 ? 0 : 25_000,
    pastDue: 0,
    email: `b${i}@example.com`,
    isFlood: false,
    coverages: filler,
  })
}

async function load(db: D1Database): Promise<void> {
  const statements = []
  for (let i = 0; i < N; i++) {
    const id = `BEN${String(i).padStart(7, '0')}`
    const profile = `ben-profile-${i}`
    statements.push(
      db
        .prepare("INSERT INTO profiles (profile_id, user_name, email_address, password_hash, created_at) VALUES (?, ?, ?, 'x', 0)")
        .bind(profile, `ben${i}`, `b${i}@example.com`),
      db.prepare("INSERT INTO policies (policy_id, plan_id, state, last_name, doc, updated_at) VALUES (?, 'HO3', 'GA', 'Bench', ?, 0)").bind(id, doc(i)),
      db.prepare('INSERT INTO profile_policies (policy_id, profile_id) VALUES (?, ?)').bind(id, profile),
    )
    if (i % Math.round(1 / ENROLLED) === 0) {
      statements.push(
        db
          .prepare(
            `INSERT INTO saved_payment_methods (method_id, profile_id, token, kind, brand, last4, exp_month, exp_year, nickname, consent_text, consent_version, consent_session_id, created_at)
             VALUES (?, ?, ?, 'card', 'Visa', '1111', 12, 2099, 'Visa', 'c', 'v', 's', 0)`,
          )
          .bind(`pm_${i}`, profile, `tok${i}`),
        db
          .prepare(
            `INSERT INTO autopay_enrolments (enrolment_id, policy_id, profile_id, method_id, terms_text, terms_version, accepted_at, enrolled_on, session_id)
             VALUES (?, ?, ?, ?, 't', 'v', 0, '2026-01-01', 's')`,
          )
          .bind(`ap_${i}`, id, profile, `pm_${i}`),
      )
    }
  }
  for (let i = 0; i < statements.length; i += 500) await db.batch(statements.slice(i, i + 500))
}

async function measure(db: D1Database, sql: string, window: string[]) {
  const walls: number[] = []
  const durations: number[] = []
  let rowsRead = 0
  let rows = 0
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now()
    // The 'before' autopay query had no window: it read every active enrolment, the dates judged in code.
    const res = await db
      .prepare(sql)
      .bind(...(sql.includes('?1') ? window : []))
      .all()
    walls.push(performance.now() - t0)
    durations.push(Number(res.meta.duration ?? 0))
    rowsRead = Number((res.meta as { rows_read?: number }).rows_read ?? Number.NaN)
    rows = res.results.length
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  return { rows, rowsRead, d1Ms: median(durations), wallMs: median(walls) }
}

const dir = mkdtempSync(join(tmpdir(), 'due-scan-'))
try {
  const migrate = spawnSync('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', dir], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, CI: '1' },
  })
  if (migrate.status !== 0) throw new Error('wrangler d1 migrations apply failed')
  const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: 'wrangler.toml', persist: { path: join(dir, 'v3') }, remoteBindings: false })
  try {
    const db = proxy.env.DB
    const t0 = performance.now()
    await load(db)
    console.log(`due-scan: ${N} policies (${Math.round(ENROLLED * 100)}% enrolled) loaded in ${Math.round(performance.now() - t0)} ms into a fresh local D1`)
    console.log(
      `process: node pid ${process.pid} (D1 in wrangler's local workerd via getPlatformProxy); ${cpus().length} cores, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    )
    for (const task of ['autopay', 'reminders'] as const) {
      for (const [label, sql] of [
        ['before', BEFORE[task]],
        ['after', AFTER[task]],
      ] as const) {
        const m = await measure(db, sql, WINDOWS[task])
        console.log(
          `${task.padEnd(9)} ${label.padEnd(6)} rows ${String(m.rows).padStart(6)}  rows read ${String(m.rowsRead).padStart(7)}  D1 ${m.d1Ms.toFixed(2).padStart(7)} ms  wall ${m.wallMs.toFixed(2).padStart(7)} ms (median of ${RUNS})`,
        )
      }
    }
  } finally {
    await proxy.dispose()
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
