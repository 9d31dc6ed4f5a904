#!/usr/bin/env node
// The deployed shape, locally (issue 29, decision 191): the portal as a carrier deploys it
// (ENVIRONMENT=production, the production build, secrets from tests/deployed/secrets.env, no /__dev, no
// inspector) and every outside system served by a separate process of stand-ins on a port of its own
// (worker/dev/server.ts: the same stand-in code the portal mounts under /__dev in development), which
// the portal reaches through its real HTTP adapters. Fresh local state for both each run, the demo seed
// in the portal's D1. Started by playwright.deployed.config.ts; alone: `node tests/deployed/start.mjs`.
// DEPLOYED_PORT (8798) and DEPLOYED_STAND_INS_PORT (8799) choose the ports; 127.0.0.1 only.
import { spawn, spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))
export const PORTAL_PORT = process.env.DEPLOYED_PORT ?? '8798'
export const STAND_INS_PORT = process.env.DEPLOYED_STAND_INS_PORT ?? '8799'
const portal = `http://127.0.0.1:${PORTAL_PORT}`
const standIns = `http://127.0.0.1:${STAND_INS_PORT}`
const state = `.wrangler/deployed-${PORTAL_PORT}`
const SECRETS = fileURLToPath(new URL('secrets.env', import.meta.url))
const STAND_INS_CONFIG = 'tests/deployed/stand-ins.wrangler.toml'

const secrets = Object.fromEntries(
  readFileSync(new URL('secrets.env', import.meta.url), 'utf8')
    .split('\n')
    .map((l) => /^([A-Z0-9_]+)=(.*)$/.exec(l))
    .filter(Boolean)
    .map((m) => [m[1], m[2]]),
)
const env = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
  // The production build: wrangler bundles React's production code.
  NODE_ENV: 'production',
  // No DevTools inspector, as deployed (wrangler 4 starts none in a 'VS Code debug terminal', decision 146).
  VSCODE_INSPECTOR_OPTIONS: '{}',
}

function step(cmd, args, extraEnv = {}) {
  const r = spawnSync(cmd, args, { cwd: root, env: { ...env, ...extraEnv }, encoding: 'utf8' })
  if (r.status !== 0) {
    process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}`)
    throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status})`)
  }
}

const vars = (o) => Object.entries(o).flatMap(([k, v]) => ['--var', `${k}:${v}`])

/** The portal's settings as deployed: every outside system at the stand-ins' process, none under /__dev. */
const portalVars = {
  ENVIRONMENT: 'production',
  PORTAL_BASE_URL: portal,
  MAIL_API_URL: `${standIns}/mail/messages`,
  OPT_OUT_API_URL: `${standIns}/opt-out/preferences`,
  PING_BASE_URL: `${standIns}/identity`,
  PING_LOGIN_URL: `${standIns}/identity/login`,
  PARTNER_LOGS_URL: `${standIns}/partner-logs`,
  PAYMENT_API_URL: `${standIns}/payments`,
  CLAIMS_SYSTEM_URL: `${standIns}/claims-system`,
  VENDOR_API_URL: `${standIns}/vendors`,
  SMS_API_URL: `${standIns}/sms/messages`,
  POLICY_ADMIN_URL: `${standIns}/policy-admin`,
  WEBAUTHN_ORIGINS: `http://localhost:${PORTAL_PORT}`,
  PING_INSTANCE_ID: 'deployed-shape',
}
const standInVars = {
  PORTAL_BASE_URL: portal,
  PING_BASE_URL: `${standIns}/identity`,
  PING_LOGIN_URL: `${standIns}/identity/login`,
  PARTNER_LOGS_URL: `${standIns}/partner-logs`,
}

function start(name, args) {
  const child = spawn('npx', ['wrangler', 'dev', '--ip', '127.0.0.1', '--show-interactive-dev-session=false', '--env-file', SECRETS, ...args], {
    cwd: root,
    env,
    // In this script's process group: whoever stops the shape (Playwright ends the group) ends them too.
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  child.on('exit', (code, signal) => {
    if (!stopping) {
      process.stderr.write(`${name} exited (${code ?? signal}); stopping the deployed shape\n`)
      stop(1)
    }
  })
  return child
}

let stopping = false
const children = []
/** Ends wrangler and workerd of both (npx's children would outlive a signal to npx alone), then this script. */
function stop(code = 0) {
  stopping = true
  for (const child of children) {
    for (const pid of descendants(child.pid)) {
      try {
        process.kill(pid, 'SIGTERM')
      } catch {
        // already gone
      }
    }
  }
  process.exit(code)
}

/** A process and every process below it (Linux /proc). */
function descendants(pid) {
  const parents = new Map()
  for (const p of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8')
      parents.set(Number(p), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    } catch {
      // ended meanwhile
    }
  }
  const found = [pid]
  for (let i = 0; i < found.length; i += 1) for (const [p, parent] of parents) if (parent === found[i]) found.push(p)
  return found
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0))

async function waitFor(url, ms) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`)
}

rmSync(`${root}/${state}`, { recursive: true, force: true })
step('node', ['scripts/build-islands.mjs'])
step('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', `${state}/portal`])
step('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '-c', STAND_INS_CONFIG, '--persist-to', `${state}/stand-ins`])
step('npx', ['tsx', 'scripts/seed.ts'], { PORTAL_STATE_DIR: `${state}/portal`, PORTAL_ENV_FILE: SECRETS })

try {
  children.push(start('the stand-ins', ['-c', STAND_INS_CONFIG, '--port', STAND_INS_PORT, '--persist-to', `${state}/stand-ins`, ...vars(standInVars)]))
  await waitFor(`${standIns}/healthz`, 180_000)
  // What weeks of use would have left for the automatic payment's journey (its card kept at the processor).
  step('npx', ['tsx', 'tests/deployed/seed-autopay.ts'], {
    PORTAL_STATE_DIR: `${state}/portal`,
    PAYMENT_API_URL: portalVars.PAYMENT_API_URL,
    PAYMENT_API_KEY: secrets.PAYMENT_API_KEY,
  })
  children.push(start('the portal', ['--port', PORTAL_PORT, '--persist-to', `${state}/portal`, '--test-scheduled', ...vars(portalVars)]))
  await waitFor(`${portal}/healthz`, 180_000)
} catch (e) {
  process.stderr.write(`${e.message}\n`)
  stop(1)
}
console.log(`\n  The deployed shape: the portal (ENVIRONMENT=production) on ${portal}/, its outside systems on ${standIns}/mailbox and beside it.\n`)
