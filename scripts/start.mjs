#!/usr/bin/env node
// `npm start`: everything the portal needs locally, then wrangler dev on http://127.0.0.1:8787.
// Secrets file, island bundles, D1 migrations and the demo seed; nothing else to run first. The seed goes only
// into an empty database, so what was done while trying the demo survives a restart (issue 35);
// `npm start -- --fresh` (or `npm run reset`) deletes the local state first and starts the demo over.
// PORTAL_STATE_DIR picks another local state folder (the e2e tests use their own). Once wrangler says it
// is ready, a short summary: the address, an account to try, where the rest is (issue 21 item 11).
import { spawn, spawnSync } from 'node:child_process'
import { appendFileSync, copyFileSync, existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' }
const persist = process.env.PORTAL_STATE_DIR ? ['--persist-to', process.env.PORTAL_STATE_DIR] : []
const port = process.env.PORT ?? '8787'

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env })
  if (r.status !== 0) {
    console.error(`\n${cmd} ${args.join(' ')} failed (exit ${r.status}).`)
    process.exit(r.status ?? 1)
  }
}

if (!existsSync('.dev.vars')) copyFileSync('.dev.vars.example', '.dev.vars')
addMissingDevVars()
if (process.argv.includes('--fresh')) startOver()
run('node', ['scripts/build-islands.mjs'])
applyMigrations()
run('npx', ['tsx', 'scripts/seed.ts', '--if-empty'])

// Addresses of this portal and of its local stand-ins (under /__dev) follow the port.
const local = `http://127.0.0.1:${port}`
const vars = {
  PORTAL_BASE_URL: local,
  PING_BASE_URL: `${local}/__dev/identity`,
  PING_LOGIN_URL: `${local}/__dev/identity/login`,
  PARTNER_LOGS_URL: `${local}/__dev/partner-logs`,
  PAYMENT_API_URL: `${local}/__dev/payments`,
  CLAIMS_SYSTEM_URL: `${local}/__dev/claims-system`,
  VENDOR_API_URL: `${local}/__dev/vendors`,
  WEBAUTHN_ORIGINS: `http://localhost:${port}`,
}
// SESSION_IDLE_MINUTES=3 npm start: the session-timeout warning within a minute (development only; README).
if (process.env.SESSION_IDLE_MINUTES) vars.SESSION_IDLE_MINUTES = process.env.SESSION_IDLE_MINUTES
const varArgs = Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`])

const dev = spawn('npx', ['wrangler', 'dev', '--ip', '127.0.0.1', '--port', port, '--show-interactive-dev-session=false', ...varArgs, ...persist], {
  stdio: ['inherit', 'pipe', 'inherit'],
  env,
})
let summarised = false
dev.stdout.on('data', (chunk) => {
  process.stdout.write(chunk)
  if (!summarised && /Ready on/.test(String(chunk))) {
    summarised = true
    console.log(summary(local))
  }
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => dev.kill(signal))
dev.on('exit', (code) => process.exit(code ?? 0))

/**
 * `--fresh`: this portal's local state (D1, KV, R2: the `v3` folder wrangler keeps in the state folder) goes,
 * so the migrations and the seed start it anew. Only that folder, whatever PORTAL_STATE_DIR names.
 */
function startOver() {
  const dir = join(process.env.PORTAL_STATE_DIR ?? '.wrangler/state', 'v3')
  rmSync(dir, { recursive: true, force: true })
  console.log(`Demo data: starting over (${dir} deleted).`)
}

/**
 * The D1 migrations, quietly: wrangler prints its migration table several times; on success one line is
 * enough, on failure everything it said.
 */
function applyMigrations() {
  const r = spawnSync('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', ...persist], { env, encoding: 'utf8' })
  const said = `${r.stdout ?? ''}${r.stderr ?? ''}`
  if (r.status !== 0) {
    console.error(said)
    console.error(`\nwrangler d1 migrations apply failed (exit ${r.status}).`)
    process.exit(r.status ?? 1)
  }
  const applied = new Set(said.match(/\b\d{4}_[\w-]+\.sql\b/g) ?? [])
  console.log(applied.size ? `D1 migrations: applied ${[...applied].sort().join(', ')}` : 'D1 migrations: up to date')
}

/** What to do now: the address, one account to try, where the demo accounts and the stand-ins are. */
function summary(base) {
  const personas = JSON.parse(readFileSync('tests/fixtures/personas.json', 'utf8')).personas
  const sam = personas.find((p) => p.tags.includes('direct.single')) ?? personas[0]
  return [
    '',
    `  ProgHome is running on ${base}/`,
    `  Sign in as ${sam.userName} / ${sam.password} (one home policy with a balance, on automatic draft).`,
    "  Every demo account and what it shows: the README's 'Demo accounts' table.",
    '  Stand-ins for the outside systems:',
    `    mail sent        ${base}/__dev/mailbox`,
    `    payments         ${base}/__dev/payments  (test card numbers: README, 'The payment sandbox')`,
    `    outbox           ${base}/__dev/outbox    (deliver and settle what is due now)`,
    `    claims system    ${base}/__dev/claims-system`,
    `    vendor network   ${base}/__dev/vendors`,
    `    single sign-on   ${base}/TestSSO`,
    `  The session timeout in a minute: SESSION_IDLE_MINUTES=3 npm start. Stop with Ctrl+C.`,
    '',
  ].join('\n')
}

/**
 * A .dev.vars from an older checkout lacks the secrets added since (the worker refuses to start without
 * them): copy the missing names from the example, keeping every value already set.
 */
function addMissingDevVars() {
  const names = (text) =>
    new Set(
      text
        .split('\n')
        .map((l) => l.match(/^([A-Z0-9_]+)=/)?.[1])
        .filter(Boolean),
    )
  const have = names(readFileSync('.dev.vars', 'utf8'))
  const missing = readFileSync('.dev.vars.example', 'utf8')
    .split('\n')
    .filter((l) => {
      const name = l.match(/^([A-Z0-9_]+)=/)?.[1]
      return name && !have.has(name)
    })
  if (missing.length === 0) return
  appendFileSync('.dev.vars', `\n# Added from .dev.vars.example by npm start\n${missing.join('\n')}\n`)
  console.log(`.dev.vars: added ${missing.map((l) => l.split('=')[0]).join(', ')} from .dev.vars.example`)
}
