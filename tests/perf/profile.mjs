#!/usr/bin/env node
// `npm run perf:profile`: where a signed-in page's CPU goes (issue 38). Starts a production-like portal
// (tests/perf/portal.mjs, production mode) and for each route records a V8 CPU profile of the worker's
// isolate while 4 connections load the worker's own port (past wrangler's proxy) for PERF_SECONDS, then
// prints the isolate's JS time per request split by the module that spent it (the `// path` lines of the
// bundle, built unminified for it, name each module) and by phase (inclusive time of the functions that
// mark one). The profile is taken through the worker process's own inspector, with wrangler's inspector off
// (decision 238: wrangler's asks workerd for every subrequest's Network events, which inflated the first
// profiles 2-3 times). The isolate only: D1 and KV run in other isolates of workerd (Miniflare's
// simulators), so their cost is outside these figures, as it is outside the worker on Cloudflare. Sampled
// every 250 us, so a figure is a measurement, not a count; the sampling itself still adds to every figure
// (compare perf:load's CPU). Prints the build (portal.mjs: commit, versions, unminified, wrangler's
// inspector on or off) and the worker process profiled. Node 20 needs --experimental-websocket (the npm
// script passes it). A benchmark, not a test.
import { readFileSync } from 'node:fs'
import { measure } from './load.mjs'
import { inspectorTargets, loadavg, login, openPolicy, portal, workerAddress } from './portal.mjs'

const SECONDS = Number(process.env.PERF_SECONDS ?? 4)
const CONNECTIONS = Number(process.env.PERF_CONNECTIONS ?? 4)
const ROUTES = [
  ['Login', '/', false],
  ['Account Home', '/account-home', true],
  ['Dashboard', '/policy-information', true],
  ['Make a Payment', '/make-payment', true],
]
/** Phases: a function whose name matches counts its inclusive time (the outermost match on a stack). */
const PHASES = [
  ['session (verify the token, read the row)', /^resolveSession$/],
  ['policy (parse the stored document)', /^(recordOf|policyOf)$/],
  ['render (the page to HTML)', /^renderPage$/],
]

class Inspector {
  static async open(url) {
    const ws = new WebSocket(url)
    await new Promise((resolve, reject) => {
      ws.onopen = resolve
      ws.onerror = reject
    })
    return new Inspector(ws)
  }
  constructor(ws) {
    this.ws = ws
    this.next = 1
    this.waiting = new Map()
    this.scripts = new Map()
    ws.onmessage = (e) => {
      const msg = JSON.parse(e.data)
      if (msg.method === 'Debugger.scriptParsed') this.scripts.set(msg.params.scriptId, msg.params.url)
      const w = this.waiting.get(msg.id)
      if (!w) return
      this.waiting.delete(msg.id)
      msg.error ? w.reject(new Error(msg.error.message)) : w.resolve(msg.result)
    }
  }
  send(method, params = {}) {
    const id = this.next++
    this.ws.send(JSON.stringify({ id, method, params }))
    return new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject }))
  }
  close() {
    this.ws.close()
  }
}

/** [[firstLine, module]] of a bundle, from esbuild's `// path` line before each module's code. */
function moduleMarkers(source) {
  const markers = []
  source.split('\n').forEach((line, i) => {
    const m = /^\/\/ ((?:node_modules|worker|shared|islands)\/\S+)$/.exec(line)
    if (m) markers.push([i, m[1]])
  })
  return markers
}

function moduleAt(markers, line) {
  let lo = 0
  let hi = markers.length - 1
  let found = '(bundle prelude)'
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (markers[mid][0] <= line) {
      found = markers[mid][1]
      lo = mid + 1
    } else hi = mid - 1
  }
  return found
}

/** A module's group: a package for node_modules, the file for the portal's own code. */
function group(module) {
  const m = /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(module)
  return m ? m[1] : module
}

/**
 * The module markers of each script in the profile, read from the file the script was loaded from
 * (Debugger.scriptParsed names it): Debugger.getScriptSource would send the whole bundle through
 * wrangler's inspector proxy, whose WebSocket messages are limited to 1 MiB.
 */
/** The bundle's lines by script, to show where an anonymous function is (PERF_FUNCTIONS). */
const sourceLines = new Map()

function sourcesOf(inspector, profile) {
  const markers = new Map()
  for (const id of new Set(profile.nodes.map((n) => n.callFrame.scriptId))) {
    const url = inspector.scripts.get(id) ?? ''
    try {
      const source = url.startsWith('file://') ? readFileSync(new URL(url), 'utf8') : ''
      markers.set(id, source ? moduleMarkers(source) : [])
      if (source) sourceLines.set(id, source.split('\n'))
    } catch {
      markers.set(id, [])
    }
  }
  return markers
}

function analyse(profile, markers) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const self = new Map()
  for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0))
  let busy = 0
  const groups = new Map()
  const phases = new Map()
  const natives = new Map()
  const functions = new Map()
  for (const [id, us] of self) {
    const node = byId.get(id)
    const name = node.callFrame.functionName
    if (name === '(idle)' || name === '(program)') continue
    busy += us
    const own = markers.get(node.callFrame.scriptId) ?? []
    // A frame outside the bundle (V8's builtins and the runtime's native code: JSON.parse, RegExp, crypto,
    // TextEncoder ...) has no module of its own: it is named, and counted to the nearest bundle frame
    // above it (natives), so the time of a builtin is seen where the portal called it.
    const where =
      name === '(garbage collector)'
        ? '(garbage collector)'
        : own.length > 0
          ? group(moduleAt(own, node.callFrame.lineNumber))
          : `(native) ${name || '(anonymous)'}`
    groups.set(where, (groups.get(where) ?? 0) + us)
    const line = sourceLines.get(node.callFrame.scriptId)?.[node.callFrame.lineNumber]
    const at = name || !line ? '' : ` at "${line.slice(Math.max(0, node.callFrame.columnNumber - 10), node.callFrame.columnNumber + 50).trim()}"`
    const fnKey = `${name || '(anonymous)'} (${where})${at}`
    functions.set(fnKey, (functions.get(fnKey) ?? 0) + us)
    if (own.length === 0 && name !== '(garbage collector)') {
      let caller = '(no bundle frame)'
      for (let at = parent.get(id); at !== undefined; at = parent.get(at)) {
        const f = byId.get(at).callFrame
        const m = markers.get(f.scriptId) ?? []
        if (m.length > 0) {
          caller = group(moduleAt(m, f.lineNumber))
          break
        }
      }
      natives.set(caller, (natives.get(caller) ?? 0) + us)
    }
    let phase = 'other'
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const fn = byId.get(at).callFrame.functionName
      const hit = PHASES.find(([, re]) => re.test(fn))
      if (hit) phase = hit[0]
    }
    phases.set(phase, (phases.get(phase) ?? 0) + us)
  }
  return { busy, groups, phases, natives, functions }
}

async function main() {
  // wrangler's own inspector stays off (it asks workerd for every subrequest's Network events, decision 146):
  // the profile is taken through the worker process's own inspector, and the load goes to the worker's own port.
  const run = await portal({ mode: 'production', minify: false })
  const { stop } = run
  let inspector
  try {
    const maria = await login(run.base, 'maria.multi', 'Multi#Policy1')
    await openPolicy(run.base, maria, 'HOM4010001')
    process.stderr.write('connecting to the inspector...\n')
    const worker = await workerAddress(run)
    const base = worker.base
    const target = (await inspectorTargets(worker.pid)).find((t) => t.id.startsWith('core:user:'))
    if (!target) throw new Error(`the worker's process (pid ${worker.pid}) offers no inspector target for the worker's isolate`)
    inspector = await Inspector.open(target.webSocketDebuggerUrl)
    await inspector.send('Debugger.enable')
    await inspector.send('Profiler.enable')
    await inspector.send('Profiler.setSamplingInterval', { interval: 250 })
    console.log(`perf:profile ${new Date().toISOString().slice(0, 16)}Z, node ${process.version}; mode: ${run.mode}; build: ${run.build}`)
    console.log(`profiled: the isolate ${target.id} through its own process's inspector; ${worker.how}`)
    console.log(`isolate CPU profile, ${CONNECTIONS} connections on ${base}, ${SECONDS} s per route, loadavg before: ${loadavg()}`)
    for (const [label, path, signedIn] of ROUTES) {
      const headers = signedIn ? { Cookie: maria } : {}
      await measure(base, path, headers, 0.5, CONNECTIONS) // warm: compiled code, caches
      await inspector.send('Profiler.start')
      const r = await measure(base, path, headers, SECONDS, CONNECTIONS)
      const { profile } = await inspector.send('Profiler.stop')
      if (process.env.PERF_DEBUG) process.stderr.write(`${label}: ${profile.samples.length} samples; scripts ${JSON.stringify([...inspector.scripts])}\n`)
      const { busy, groups, phases, natives, functions } = analyse(profile, sourcesOf(inspector, profile))
      const perReq = (us) => (us / 1000 / r.count).toFixed(2)
      console.log(`\n${label} (${path}): ${r.count} requests, ${r.non2xx} not 2xx, isolate JS ${perReq(busy)} ms/request, loadavg ${loadavg()}`)
      console.log('  by phase:')
      for (const [name, us] of [...phases].sort((a, b) => b[1] - a[1])) console.log(`    ${perReq(us).padStart(6)} ms  ${name}`)
      console.log('  by module, builtins by name (top 20):')
      for (const [name, us] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`    ${perReq(us).padStart(6)} ms  ${name}`)
      if (process.env.PERF_FUNCTIONS) {
        console.log('  functions by self time (top 25):')
        for (const [name, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`    ${perReq(us).padStart(6)} ms  ${name}`)
      }
      console.log('  native time by the module that called it (top 8):')
      for (const [name, us] of [...natives].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`    ${perReq(us).padStart(6)} ms  ${name}`)
    }
  } finally {
    inspector?.close()
    await stop()
  }
}

await main()
