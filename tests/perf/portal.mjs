// A production-like portal for the perf scripts: PORTAL_URL when given, else one started here with
// NODE_ENV=production (wrangler bundles React's production build) on PERF_PORT or a free port, with its
// own fresh state folder, the demo seed and the benchmark-only large policy (tests/perf/seed-large.ts).
// Two modes: 'development' is `npm start` (ENVIRONMENT=development, the stand-ins under /__dev);
// 'production' is `wrangler dev` with ENVIRONMENT=production and a deployed environment's settings
// (productionSettings below): no /__dev, every outside system at an address where nothing listens.
// Only 127.0.0.1 is allowed as a target.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, copyFileSync, mkdirSync, openSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

export const MODES = ['production', 'development']

function step(cmd, args, env) {
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] })
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status})`)
}

export async function waitFor(url, ms) {
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

/** CPU seconds used so far by one process (all its threads). */
export function processCpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

/**
 * A deployed environment's settings (worker/env.ts requires them outside development), as
 * tests/worker/pool-config.ts deployedBindings gives the worker tests, but with every outside system at
 * `nowhere`, a loopback address where nothing listens: a call to one fails at once and never leaves the
 * machine (outbox work is retried later, as when a system is down).
 */
function productionSettings(base, nowhere) {
  return {
    ENVIRONMENT: 'production',
    PORTAL_BASE_URL: base,
    SESSION_SIGNING_KEY: 'production-like-signing-key-0123456789abcdef0123456789',
    FLASH_SIGNING_KEY: 'production-like-flash-key-0123456789abcdef0123456789',
    PASSWORD_PEPPER: 'production-like-pepper-0123456789',
    MAIL_API_URL: `${nowhere}/mail/v1/send`,
    MAIL_API_KEY: 'production-like-mail-key',
    PING_ADAPTER_SECRET: 'production-like-ping-secret',
    OPT_OUT_API_URL: `${nowhere}/privacy/preferences`,
    PING_BASE_URL: `${nowhere}/identity/pf`,
    PING_LOGIN_URL: `${nowhere}/identity/login`,
    PARTNER_LOGS_URL: `${nowhere}/partner/app-logs`,
    PAYMENT_API_URL: `${nowhere}/payments/v1`,
    PAYMENT_API_KEY: 'production-like-payment-key',
    CLAIMS_SYSTEM_URL: `${nowhere}/claims`,
    CLAIMS_SYSTEM_SECRET: 'production-like-claims-system-secret',
    CLAIMS_SYSTEM_WEBHOOK_SECRET: 'production-like-claims-webhook-secret-0123456789',
    VENDOR_API_URL: `${nowhere}/vendors/v1`,
    VENDOR_API_KEY: 'production-like-vendor-key',
    SMS_API_URL: `${nowhere}/sms/v1/messages`,
    SMS_API_KEY: 'production-like-sms-key',
    SMS_WEBHOOK_SECRET: 'production-like-sms-webhook-secret-0123456789',
    POLICY_ADMIN_URL: `${nowhere}/policy-admin/v1`,
    POLICY_ADMIN_API_KEY: 'production-like-policy-admin-key',
  }
}

/**
 * { base, stop, cpu, pgid, stateDir, mode, build, logFile } for a running portal (logFile: wrangler's output); stop() ends only the portal this call
 * started; cpu() is null for PORTAL_URL. `seeds`: more benchmark-only seed scripts to run into its state,
 * each [script, ...args]. `mode`: 'development' (npm start) or 'production' (see the top of this file).
 * `minify` (production mode): wrangler.toml minifies; false (or PERF_MINIFY=0 for any perf script) builds
 * the bundle unminified, which perf:profile needs to name modules by their `// path` lines. `build`: what
 * was started (buildDescription), to print with the figures; not known for PORTAL_URL.
 */
export async function portal({ seeds = [], mode = 'development', minify = process.env.PERF_MINIFY !== '0' } = {}) {
  if (!MODES.includes(mode)) throw new Error(`mode must be one of ${MODES.join(', ')}, not ${mode}`)
  if (process.env.PORTAL_URL) {
    const base = process.env.PORTAL_URL.replace(/\/$/, '')
    if (!/^http:\/\/127\.0\.0\.1(:\d+)?$/.test(base)) throw new Error('perf scripts only target 127.0.0.1')
    const elsewhere = `not known (PORTAL_URL: the portal at ${base} was started elsewhere)`
    return { base, stop: async () => {}, cpu: () => null, mode: elsewhere, build: elsewhere }
  }
  const inspector = process.env.PERF_INSPECTOR === '1'
  const port = String(process.env.PERF_PORT ?? (await freePort()))
  const base = `http://127.0.0.1:${port}`
  const stateDir = `.wrangler/perf-${port}`
  rmSync(new URL(`../../${stateDir}`, import.meta.url), { recursive: true, force: true })
  const env = {
    ...process.env,
    // Production has no DevTools attached. wrangler dev's inspector asks workerd for Network events, and
    // every D1 query is a subrequest reported to it: ~5-8 ms of the wrangler process's CPU per query,
    // more than a whole page's own work (decision 146). wrangler 4 starts no inspector in a VS Code
    // debug terminal, which it detects by this variable (node itself ignores it). PERF_INSPECTOR=1
    // keeps the inspector, as the runs before decision 146 had it.
    ...(inspector ? {} : { VSCODE_INSPECTOR_OPTIONS: '{}' }),
    NODE_ENV: 'production',
    PORT: port,
    PORTAL_STATE_DIR: stateDir,
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    WRANGLER_SEND_METRICS: 'false',
  }
  if (!existsSync(new URL('../../.dev.vars', import.meta.url)))
    copyFileSync(new URL('../../.dev.vars.example', import.meta.url), new URL('../../.dev.vars', import.meta.url))
  let start = ['node', ['scripts/start.mjs']]
  if (mode === 'production') {
    // The settings as wrangler's --env-file (it then reads no .dev.vars); the seed hashes the demo
    // passwords with this environment's pepper (PORTAL_ENV_FILE, scripts/seed.ts).
    const envFile = join(stateDir, 'production.env')
    mkdirSync(resolve(root, stateDir), { recursive: true })
    const settings = productionSettings(base, `https://127.0.0.1:${await freePort()}`)
    writeFileSync(
      resolve(root, envFile),
      Object.entries(settings)
        .map(([k, v]) => `${k}=${v}\n`)
        .join(''),
    )
    env.PORTAL_ENV_FILE = envFile
    step('node', ['scripts/build-islands.mjs'], env)
    start = [
      'npx',
      [
        'wrangler',
        'dev',
        '--ip',
        '127.0.0.1',
        '--port',
        port,
        '--show-interactive-dev-session=false',
        '--persist-to',
        stateDir,
        '--env-file',
        envFile,
        // wrangler.toml minifies (decision 238); a CPU profile names modules by the unminified bundle's `// path` lines.
        ...(minify ? [] : ['--minify=false']),
      ],
    ]
  }
  process.stderr.write(`starting a production-like portal (${mode} mode) on 127.0.0.1:${port} (state ${stateDir})...\n`)
  step('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', stateDir], env)
  step('npx', ['tsx', 'scripts/seed.ts'], env)
  step('npx', ['tsx', 'tests/perf/seed-large.ts'], env)
  for (const [script, ...args] of seeds) step('npx', ['tsx', script, ...args], env)
  // wrangler's own account of the run (reloads, the worker's console): kept beside the state.
  const logFile = join(stateDir, 'wrangler.log')
  const child = spawn(start[0], start[1], { cwd: root, env, stdio: ['ignore', openSync(resolve(root, logFile), 'w'), 'inherit'], detached: true })
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
  // Development mode is `npm start`, which always builds as wrangler.toml says: minified.
  const build = buildDescription({ minify: mode === 'development' || minify, inspector })
  return { base, stop, cpu: () => groupCpuSeconds(child.pid), pgid: child.pid, stateDir, mode, build, logFile: resolve(root, logFile) }
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

/** The processes of a process group: [{ pid, comm }]. */
function groupProcesses(pgid) {
  const found = []
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (Number(fields[2]) === pgid) found.push({ pid: Number(pid), comm })
    } catch {
      // ended meanwhile
    }
  }
  return found
}

/** What a process's file descriptors point at (paths, 'socket:[inode]', ...). */
function openFiles(pid) {
  const targets = []
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      targets.push(readlinkSync(`/proc/${pid}/fd/${fd}`))
    } catch {
      // closed meanwhile
    }
  }
  return targets
}

/** The TCP ports a process listens on: its socket fds matched by inode to LISTEN rows of /proc/net/tcp{,6}. */
function listeningPorts(pid) {
  const inodes = new Set(openFiles(pid).flatMap((t) => /^socket:\[(\d+)\]$/.exec(t)?.[1] ?? []))
  const ports = []
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const row of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const f = row.trim().split(/\s+/)
      // sl local_address rem_address st ... inode(9); st 0A is LISTEN
      if (f[3] === '0A' && inodes.has(f[9])) ports.push(Number.parseInt(f[1].split(':')[1], 16))
    }
  }
  return ports.sort((a, b) => a - b)
}

/**
 * The process that runs the portal's worker, and how it was told apart: { pid, how }. wrangler dev
 * starts two workerd processes: a proxy on the portal's port, which forwards every request and holds no
 * state, and the runtime miniflare configures, which runs the worker and, locally, its D1, KV and R2
 * (their SQLite files under the state folder). The worker's is the workerd of this portal's process
 * group that holds a file of this portal's state folder open: every portal has its own folder, so no
 * other portal on the machine (or the proxy) can match. (Locally the storage runs in that process too:
 * its memory counts toward the process's figures, where a deployed Worker's 128 MB hold the worker alone.)
 */
export function workerProcess(run) {
  if (!run.pgid || !run.stateDir) throw new Error('the worker process is known only for a portal started here (not PORTAL_URL)')
  const storage = `${resolve(root, run.stateDir, 'v3')}/`
  const workerds = groupProcesses(run.pgid).filter((p) => p.comm.startsWith('workerd'))
  const holding = workerds.map((p) => ({ ...p, files: openFiles(p.pid).filter((t) => t.startsWith(storage)) })).filter((p) => p.files.length > 0)
  if (holding.length !== 1) {
    throw new Error(
      `expected one workerd of process group ${run.pgid} holding a file of ${relative(root, storage)} open, found ${holding.length} of ${workerds.length}`,
    )
  }
  const [worker] = holding
  const ports = (pid) => listeningPorts(pid).join(', ') || 'none'
  const others = workerds.filter((p) => p.pid !== worker.pid).map((p) => `pid ${p.pid}, listening on ${ports(p.pid)}, holds no state: wrangler's proxy`)
  const sqlite = worker.files.filter((f) => f.endsWith('.sqlite'))
  const file = relative(root, sqlite.find((f) => !f.endsWith('/metadata.sqlite')) ?? sqlite[0] ?? worker.files[0])
  return {
    pid: worker.pid,
    how:
      `worker pid ${worker.pid} (listening on ${ports(worker.pid)}): of the ${workerds.length} workerd processes in process group ${run.pgid}, ` +
      `the one holding its local storage open (${file})${others.length ? `; not ${others.join('; ')}` : ''}`,
  }
}

/**
 * The worker's own address, past wrangler's proxy: the port of the worker's process (workerProcess) that
 * answers /healthz (its others are the inspector and the debug port). What the proxy adds (a second
 * workerd and wrangler's node process, about 1 ms of CPU per request here) is wrangler dev's, not the
 * worker's: on Cloudflare the edge's own front end takes its place. { base, pid, how }.
 */
export async function workerAddress(run) {
  const worker = workerProcess(run)
  for (const port of listeningPorts(worker.pid)) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) })
      await res.arrayBuffer()
      if (res.ok) return { base: `http://127.0.0.1:${port}`, pid: worker.pid, how: worker.how }
    } catch {
      // the inspector's or the debug port
    }
  }
  throw new Error(`no port of the worker's process (pid ${worker.pid}) answers /healthz`)
}

/**
 * The isolates a workerd process's own inspector offers (DevTools' /json/list: { id, webSocketDebuggerUrl }),
 * or [] when none of its ports is one. The worker's isolate is the one whose id starts 'core:user:'; the
 * others are miniflare's (its entry, the D1, KV, R2 and cache simulators).
 */
export async function inspectorTargets(pid) {
  for (const port of listeningPorts(pid)) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(2000) })
      if (res.ok) return await res.json()
      await res.arrayBuffer()
    } catch {
      // not the inspector
    }
  }
  return []
}

/**
 * The isolates of a workerd process, read through its inspector (workerd serves one on a loopback port;
 * wrangler dev gives every process one, DevTools attached or not): { names, sample() } where sample()
 * gives each isolate's { heap, buffers } in bytes: its V8 heap and its ArrayBuffers (Runtime.getHeapUsage:
 * totalSize, backingStorageSize). In wrangler dev the worker's process also runs miniflare's own workers: its
 * entry, and the local D1, KV and R2 (a deployed Worker's 128 MB hold the worker's isolate alone).
 * Needs a global WebSocket (node 22, or node 20 with --experimental-websocket); null when there is none.
 */
export async function isolateMemory(pid) {
  if (typeof WebSocket === 'undefined') return null
  const targets = await inspectorTargets(pid)
  if (!targets.length) return null
  const sessions = await Promise.all(
    targets.map(async (t) => {
      const ws = new WebSocket(t.webSocketDebuggerUrl)
      await new Promise((resolve, reject) => {
        ws.onopen = resolve
        ws.onerror = () => reject(new Error(`inspector ${t.id}: could not connect`))
      })
      const waiting = new Map()
      let next = 0
      ws.onmessage = (m) => {
        const reply = JSON.parse(String(m.data))
        waiting.get(reply.id)?.(reply.result)
        waiting.delete(reply.id)
      }
      const usage = () =>
        new Promise((resolve) => {
          const id = ++next
          waiting.set(id, resolve)
          ws.send(JSON.stringify({ id, method: 'Runtime.getHeapUsage' }))
        })
      return { name: t.id, ws, usage }
    }),
  )
  return {
    names: sessions.map((s) => s.name),
    async sample() {
      const sizes = await Promise.all(
        sessions.map(async (s) => {
          const u = (await s.usage()) ?? {}
          return [s.name, { heap: u.totalSize ?? 0, buffers: u.backingStorageSize ?? 0 }]
        }),
      )
      return Object.fromEntries(sizes)
    },
    close: () => {
      for (const s of sessions) s.ws.close()
    },
  }
}

/**
 * The build measured: the commit (and whether the worktree differs from it), wrangler's and workerd's
 * versions, how wrangler bundles (NODE_ENV=production: React's production build; minified or not), and
 * whether wrangler's DevTools inspector was on (PERF_INSPECTOR=1: it inflates the CPU figures 2-3x, decision 146).
 */
function buildDescription({ minify, inspector }) {
  const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.trim()
  const dirty = git('status', '--porcelain', '--untracked-files=no') !== ''
  const version = (pkg) => JSON.parse(readFileSync(resolve(root, 'node_modules', pkg, 'package.json'), 'utf8')).version
  let workerd = 'unknown'
  try {
    workerd = version('@cloudflare/workerd-linux-64')
  } catch {
    // another platform's package
  }
  return (
    `commit ${git('rev-parse', '--short', 'HEAD')}${dirty ? ' + uncommitted changes' : ''}, wrangler ${version('wrangler')}, workerd ${workerd}, ` +
    `bundled with NODE_ENV=production, ${minify ? 'minified' : 'unminified (--minify=false)'}, ` +
    `wrangler's inspector ${inspector ? 'on (PERF_INSPECTOR=1: CPU figures 2-3x higher)' : 'off'}`
  )
}

/** The load average (1, 5, 15 minutes) as /proc/loadavg gives it, or 'n/a'. */
export function loadavg() {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
  } catch {
    return 'n/a'
  }
}

/** A field of /proc/<pid>/status in kB (VmRSS, VmHWM). */
export const statusKb = (pid, field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN)
