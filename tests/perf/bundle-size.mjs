// npm run perf:size: the JavaScript every kind of page loads, in gzip bytes, from esbuild's metafile
// (static/build/meta.json, written by npm run build), against the budgets of ARCHITECTURE section 3:
// a page without an island <= 3 KB gzip, a page whose islands are all plain script <= 12 KB, a page with a
// React island <= 104 KB gzip in total (decision 198: react-dom alone is 66 KB of it). Exits 1 when a
// page is over its budget or the build is not shaped as the budgets assume; a benchmark, not a test.
//
// What a page loads:
// - no session: nothing;
// - a session: the session timer, its static imports, and the warning dialog it fetches when the
//   warning is near (counted: an idle visit loads it);
// - islands: also the island client, react-dom (islands/mount.ts) and each of its islands' chunks with
//   their static imports;
// - script islands (decision 198): each one's script and its static imports, and nothing of the above.
// Shared chunks are counted once.
import { build } from 'esbuild'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
// Run with tsx (package.json perf:size): the route table is TypeScript.
import { ROUTES } from '../../shared/routes.ts'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const KB = 1024
const BUDGET = { noIsland: 3 * KB, scriptIslands: 12 * KB, reactIslands: 104 * KB }

/**
 * Which page renders which islands and script islands: the route table says (shared/routes.ts `islands`;
 * the worker refuses to render an island its route does not declare). The layout adds the session timer
 * to every page with a session. The Login page is weighed with its passkey prompt (decision 181: offered
 * to a browser that used passkeys here); without it, it stays in the no-session row.
 */
const ISLAND_PAGES = Object.fromEntries(ROUTES.filter((r) => r.islands).map((r) => [r.name, r.islands]))

const ENTRY = {
  client: 'islands/client.ts',
  mount: 'islands/mount.ts',
  timer: 'islands/session-timeout/timer.ts',
}

const problems = []

let meta
try {
  meta = JSON.parse(await readFile(path.join(root, 'static/build/meta.json'), 'utf8'))
} catch (err) {
  console.error(`static/build/meta.json is missing or unreadable (run npm run build first): ${err.message}`)
  process.exit(1)
}
const outputs = meta.outputs

const entries = new Map() // entry point -> output path
for (const [p, o] of Object.entries(outputs)) if (p.endsWith('.js') && o.entryPoint) entries.set(o.entryPoint, p)
const islandsBuilt = new Map() // island name -> output path
const scriptsBuilt = new Map() // script island name -> output path
for (const [entry, p] of entries) {
  const m = /^islands\/([^/]+)\/index\.tsx?$/.exec(entry)
  if (m) islandsBuilt.set(m[1], p)
  const s = /^islands\/([^/]+)\/script\.ts$/.exec(entry)
  if (s) scriptsBuilt.set(s[1], p)
}
for (const [name, entry] of Object.entries(ENTRY)) {
  if (!entries.has(entry)) {
    console.error(`meta.json has no output for ${entry} (${name}): run npm run build`)
    process.exit(1)
  }
}

/** The output and what it imports, transitively: static imports only, or dynamic ones too. */
function closure(outPath, { dynamic = false } = {}, into = new Set()) {
  if (into.has(outPath)) return into
  into.add(outPath)
  for (const imp of outputs[outPath]?.imports ?? []) {
    if (imp.external) continue
    if (imp.kind === 'import-statement' || (dynamic && imp.kind === 'dynamic-import')) closure(imp.path, { dynamic }, into)
  }
  return into
}

const timerFiles = closure(entries.get(ENTRY.timer), { dynamic: true })
const clientFiles = closure(entries.get(ENTRY.client))
const mountFiles = closure(entries.get(ENTRY.mount))

/**
 * Every file a page loads: the timer when it has a session, the client and react-dom when it has an
 * island, the script of each script island.
 */
function pageFiles({ session, islands }) {
  const files = new Set(session ? timerFiles : [])
  for (const name of islands) {
    const script = scriptsBuilt.get(name)
    if (script) for (const f of closure(script)) files.add(f)
  }
  const hydrated = islands.filter((name) => islandsBuilt.has(name))
  if (hydrated.length === 0) return files
  for (const f of [...clientFiles, ...mountFiles]) files.add(f)
  for (const name of hydrated) for (const f of closure(islandsBuilt.get(name))) files.add(f)
  return files
}

const sizes = new Map()
async function size(outPath) {
  if (!sizes.has(outPath)) {
    const buf = await readFile(path.join(root, outPath))
    sizes.set(outPath, { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length })
  }
  return sizes.get(outPath)
}

async function total(files) {
  let raw = 0
  let gzip = 0
  for (const f of files) {
    const s = await size(f)
    raw += s.raw
    gzip += s.gzip
  }
  return { raw, gzip }
}

/** Input modules (node_modules packages, or our files) that went into these outputs. */
function inputsOf(files) {
  const found = new Set()
  for (const f of files) for (const input of Object.keys(outputs[f]?.inputs ?? {})) found.add(input)
  return [...found]
}

function mustNotContain(what, files, pattern, why) {
  const bad = inputsOf(files).filter((i) => pattern.test(i))
  if (bad.length > 0) problems.push(`${what} contains ${bad.slice(0, 3).join(', ')}${bad.length > 3 ? '…' : ''}: ${why}`)
}

async function loadRoutes() {
  try {
    const out = await build({
      absWorkingDir: root,
      entryPoints: ['shared/routes.ts'],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'neutral',
      logLevel: 'silent',
    })
    return (await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`)).ROUTES
  } catch (err) {
    console.error(`shared/routes.ts could not be loaded: ${err.message}`)
    process.exit(1)
  }
}

const kb = (n) => `${(n / KB).toFixed(1)} KB`
const pad = (s, n) => String(s).padEnd(n)
const lpad = (s, n) => String(s).padStart(n)

// ---- the shape the budgets rely on
mustNotContain('the session timer', timerFiles, /node_modules\/(react|react-dom|scheduler|zod|valtio)\//, 'it must stay plain script')
mustNotContain(
  'the island client entry',
  clientFiles,
  /node_modules\/(react-dom|scheduler|zod)\//,
  'react-dom and props schemas load only when an island hydrates',
)
for (const [name, out] of scriptsBuilt) {
  mustNotContain(
    `the script island "${name}"`,
    closure(out, { dynamic: true }),
    /node_modules\/(react|react-dom|scheduler|zod|valtio|preact)\//,
    'it must stay plain script',
  )
}
for (const [page, islands] of Object.entries(ISLAND_PAGES)) {
  for (const name of islands) {
    if (!islandsBuilt.has(name) && !scriptsBuilt.has(name)) problems.push(`${page} lists island "${name}", which the build does not have`)
  }
}
const placed = new Set(Object.values(ISLAND_PAGES).flat())
for (const name of [...islandsBuilt.keys(), ...scriptsBuilt.keys()]) {
  if (!placed.has(name)) problems.push(`island "${name}" is on no page: add it to ISLAND_PAGES in tests/perf/bundle-size.mjs`)
}

// ---- files
console.log('Bundle files (gzip level 9)')
console.log(`  ${pad('file', 52)} ${lpad('raw', 8)} ${lpad('gzip', 8)}`)
for (const p of Object.keys(outputs)
  .filter((p) => p.endsWith('.js'))
  .sort()) {
  const s = await size(p)
  console.log(`  ${pad(p.replace(/^static/, ''), 52)} ${lpad(s.raw, 8)} ${lpad(s.gzip, 8)}`)
}

// ---- pages
const routes = await loadRoutes()
const routeNames = new Set(routes.map((r) => r.name))
for (const page of Object.keys(ISLAND_PAGES)) if (!routeNames.has(page)) problems.push(`ISLAND_PAGES names "${page}", which is not a route`)
const withIslands = new Set(
  Object.entries(ISLAND_PAGES)
    .filter(([, i]) => i.length > 0)
    .map(([p]) => p),
)

const kinds = [
  {
    kind: 'no session',
    session: false,
    islands: [],
    routes: routes.filter((r) => r.session === 'none').map((r) => r.name),
  },
  {
    kind: 'session, no island',
    session: true,
    islands: [],
    routes: [...routes.filter((r) => r.session !== 'none' && !withIslands.has(r.name)).map((r) => r.name), '(and any public page seen with a session)'],
  },
  ...Object.entries(ISLAND_PAGES)
    .filter(([, islands]) => islands.length > 0)
    .map(([page, islands]) => ({
      kind: page,
      // The login page with its passkey prompt has no session, so no session timer.
      session: routes.find((r) => r.name === page)?.session !== 'none',
      islands,
      routes: [`islands: ${islands.join(' + ')}`],
    })),
]

console.log('\nJavaScript per page (all its chunks, gzip bytes)')
console.log(`  ${pad('page', 20)} ${lpad('files', 5)} ${lpad('gzip', 8)} ${lpad('', 8)} ${lpad('budget', 9)}  routes`)
for (const k of kinds) {
  const files = pageFiles(k)
  const { gzip } = await total(files)
  const budget = k.islands.length === 0 ? BUDGET.noIsland : k.islands.every((name) => scriptsBuilt.has(name)) ? BUDGET.scriptIslands : BUDGET.reactIslands
  const ok = gzip <= budget
  if (!ok) problems.push(`${k.kind}: ${gzip} B gzip is over its budget of ${budget} B`)
  console.log(
    `  ${pad(k.kind, 20)} ${lpad(files.size, 5)} ${lpad(gzip, 8)} ${lpad(kb(gzip), 8)} ${lpad(`<= ${kb(budget)}`, 9)}  ${ok ? 'ok  ' : 'OVER'}  ${k.routes.join(', ')}`,
  )
}
const pending = Object.entries(ISLAND_PAGES)
  .filter(([, i]) => i.length === 0)
  .map(([p]) => p)
if (pending.length > 0) console.log(`  (no island yet, counted as 'session, no island': ${pending.join(', ')})`)

if (problems.length > 0) {
  console.error(`\nperf:size FAILED\n  ${problems.join('\n  ')}`)
  process.exit(1)
}
console.log('\nperf:size: every page within its budget')
