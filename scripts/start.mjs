#!/usr/bin/env node
// `npm start`: everything the portal needs locally, then wrangler dev on http://127.0.0.1:8787.
// Secrets file, island bundles, D1 migrations and the demo seed; nothing else to run first.
// PORTAL_STATE_DIR picks another local state folder (the e2e tests use their own).
import { spawn, spawnSync } from 'node:child_process'
import { copyFileSync, existsSync } from 'node:fs'

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
run('node', ['scripts/build-islands.mjs'])
run('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', ...persist])
run('npx', ['tsx', 'scripts/seed.ts'])

// Addresses of this portal and of its local stand-ins (under /__dev) follow the port.
const local = `http://127.0.0.1:${port}`
const vars = {
  PORTAL_BASE_URL: local,
  PING_BASE_URL: `${local}/__dev/identity`,
  PING_LOGIN_URL: `${local}/__dev/identity/login`,
  PARTNER_LOGS_URL: `${local}/__dev/partner-logs`,
  PAYMENT_API_URL: `${local}/__dev/payments`,
}
const varArgs = Object.entries(vars).flatMap(([k, v]) => ['--var', `${k}:${v}`])

const dev = spawn('npx', ['wrangler', 'dev', '--ip', '127.0.0.1', '--port', port, '--show-interactive-dev-session=false', ...varArgs, ...persist], {
  stdio: 'inherit',
  env,
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => dev.kill(signal))
dev.on('exit', (code) => process.exit(code ?? 0))
