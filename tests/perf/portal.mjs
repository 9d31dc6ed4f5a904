// A production-like portal for the perf scripts: PORTAL_URL when given, else `npm start` with
// NODE_ENV=production (wrangler bundles React's production build) on PERF_PORT or a free port, with its
// own fresh state folder, the demo seed and the benchmark-only large policy (tests/perf/seed-large.ts).
// Only 127.0.0.1 is allowed as a target.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, copyFileSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

function step(cmd, args, env) {
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] })
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status})`)
}

async function waitFor(url, ms) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    try {
      const res = await fetch(url)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`the portal did not answer ${url} within ${ms / 1000} s`)
}

/**
 * CPU seconds used so far by every process of a process group (Linux /proc; ticks of 1/100 s): the
 * portal's own cost, which other people's load on a shared machine changes far less than wall time.
 */
export function groupCpuSeconds(pgid) {
  let ticks = 0
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      // after "pid (comm) ": state ppid pgrp session ... utime(11) stime(12), counted from state = 0
      if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / 100
}

/**
 * { base, stop, cpu } for a running portal; stop() ends only the portal this call started; cpu() is null
 * for PORTAL_URL. `seeds`: more benchmark-only seed scripts to run into its state, each [script, ...args].
 */
export async function portal({ seeds = [] } = {}) {
  if (process.env.PORTAL_URL) {
    const base = process.env.PORTAL_URL.replace(/\/$/, '')
    if (!/^http:\/\/127\.0\.0\.1(:\d+)?$/.test(base)) throw new Error('perf scripts only target 127.0.0.1')
    return { base, stop: async () => {}, cpu: () => null }
  }
  const port = String(process.env.PERF_PORT ?? (await freePort()))
  const stateDir = `.wrangler/perf-${port}`
  rmSync(new URL(`../../${stateDir}`, import.meta.url), { recursive: true, force: true })
  const env = {
    ...process.env,
    // Production has no DevTools attached. wrangler dev's inspector asks workerd for Network events, and
    // every D1 query is a subrequest reported to it: ~5-8 ms of the wrangler process's CPU per query,
    // more than a whole page's own work (decision 146). wrangler 4 starts no inspector in a VS Code
    // debug terminal, which it detects by this variable (node itself ignores it). PERF_INSPECTOR=1
    // keeps the inspector, as the runs before decision 146 had it.
    ...(process.env.PERF_INSPECTOR === '1' ? {} : { VSCODE_INSPECTOR_OPTIONS: '{}' }),
    NODE_ENV: 'production',
    PORT: port,
    PORTAL_STATE_DIR: stateDir,
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    WRANGLER_SEND_METRICS: 'false',
  }
  if (!existsSync(new URL('../../.dev.vars', import.meta.url)))
    copyFileSync(new URL('../../.dev.vars.example', import.meta.url), new URL('../../.dev.vars', import.meta.url))
  process.stderr.write(`starting a production-like portal on 127.0.0.1:${port} (state ${stateDir})...\n`)
  step('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', stateDir], env)
  step('npx', ['tsx', 'scripts/seed.ts'], env)
  step('npx', ['tsx', 'tests/perf/seed-large.ts'], env)
  for (const [script, ...args] of seeds) step('npx', ['tsx', script, ...args], env)
  const child = spawn('node', ['scripts/start.mjs'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'], detached: true })
  const stop = async () => {
    if (child.exitCode !== null) return
    const exited = new Promise((r) => child.once('exit', r))
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // already gone
    }
    await exited
  }
  process.once('SIGINT', () => stop().then(() => process.exit(130)))
  try {
    await waitFor(`http://127.0.0.1:${port}/healthz`, 180_000)
  } catch (e) {
    await stop()
    throw e
  }
  return { base: `http://127.0.0.1:${port}`, stop, cpu: () => groupCpuSeconds(child.pid), pgid: child.pid }
}

/** A signed-in session cookie (the Login form, as a browser without script sends it). */
export async function login(base, userName, password) {
  const res = await fetch(`${base}/`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ userName, password }),
  })
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Host-ph_session='))
  if (!cookie) throw new Error(`login failed for ${userName}: ${res.status}`)
  return cookie.split(';')[0]
}

/** Loads a policy into the session, as clicking its card on Account Home does. */
export async function openPolicy(base, cookie, policyId) {
  const res = await fetch(`${base}/account-home`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: base, Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ policyId }),
  })
  if (res.status !== 303 || /error/i.test(res.headers.get('Location') ?? ''))
    throw new Error(`could not open ${policyId}: ${res.status} ${res.headers.get('Location')}`)
}

/** The workerd process of the portal's process group. */
export function workerdPid(pgid) {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (Number(fields[2]) === pgid && comm.startsWith('workerd')) return Number(pid)
    } catch {
      // ended meanwhile
    }
  }
  throw new Error('no workerd process in the portal process group')
}

/** A field of /proc/<pid>/status in kB (VmRSS, VmHWM). */
export const statusKb = (pid, field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN)
