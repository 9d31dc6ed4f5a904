// npm run perf:size: the JavaScript each kind of page loads, in gzip bytes, from esbuild's metafile
// (static/build/meta.json, written by npm run build). It prints numbers; it is not a test.
//
// A page loads no JavaScript unless it renders an island. A page with an island loads the client
// entry, its static imports, the island's chunk and the island chunk's static imports (shared chunks
// counted once). Which routes render which islands: the layout renders session-timeout whenever there
// is a session, so routes that need one (session 'profile' or 'policy') count it and public routes,
// seen without a session, load nothing.
import { build } from 'esbuild'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const LOGIN_BUDGET = 5 * 1024

let meta
try {
  meta = JSON.parse(await readFile(path.join(root, 'static/build/meta.json'), 'utf8'))
} catch (err) {
  console.error(`static/build/meta.json is missing or unreadable (run npm run build first): ${err.message}`)
  process.exit(1)
}
const outputs = meta.outputs

const sizes = new Map()
async function size(outPath) {
  if (!sizes.has(outPath)) {
    const buf = await readFile(path.join(root, outPath))
    sizes.set(outPath, { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length })
  }
  return sizes.get(outPath)
}

function staticClosure(outPath, into = new Set()) {
  if (into.has(outPath)) return into
  into.add(outPath)
  for (const imp of outputs[outPath]?.imports ?? []) {
    if (imp.kind === 'import-statement' && !imp.external) staticClosure(imp.path, into)
  }
  return into
}

const entries = Object.entries(outputs).filter(([p, o]) => p.endsWith('.js') && o.entryPoint)
const clientOut = entries.find(([, o]) => o.entryPoint === 'islands/client.ts')?.[0]
if (!clientOut) {
  console.error('meta.json has no output for islands/client.ts')
  process.exit(1)
}
const islands = new Map()
for (const [p, o] of entries) {
  const m = /^islands\/([^/]+)\/index\.tsx?$/.exec(o.entryPoint)
  if (m) islands.set(m[1], p)
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

/** Files a page with these islands loads (empty without islands). */
function pageFiles(names) {
  if (names.length === 0) return new Set()
  const files = staticClosure(clientOut)
  for (const n of names) staticClosure(islands.get(n), files)
  return files
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`
const pad = (s, n) => String(s).padEnd(n)
const lpad = (s, n) => String(s).padStart(n)

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
    const code = out.outputFiles[0].text
    return (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)).ROUTES
  } catch {
    return null
  }
}

// ---- files
console.log('Bundle files (gzip level 9)')
console.log(`  ${pad('file', 48)} ${lpad('raw', 10)} ${lpad('gzip', 10)}`)
for (const [p] of Object.entries(outputs).filter(([p]) => p.endsWith('.js'))) {
  const s = await size(p)
  console.log(`  ${pad(p.replace(/^static/, ''), 48)} ${lpad(s.raw, 10)} ${lpad(s.gzip, 10)}`)
}

// ---- per island
console.log('\nPer island: client entry + its static imports + island chunk + its static imports')
console.log(`  ${pad('island', 20)} ${lpad('files', 6)} ${lpad('raw', 10)} ${lpad('gzip', 10)}`)
for (const name of [...islands.keys()].sort()) {
  const files = pageFiles([name])
  const t = await total(files)
  const shared = staticClosure(clientOut)
  const own = await total([...staticClosure(islands.get(name))].filter((f) => !shared.has(f)))
  console.log(`  ${pad(name, 20)} ${lpad(files.size, 6)} ${lpad(t.raw, 10)} ${lpad(t.gzip, 10)}  ${kb(t.gzip)} (island's own chunks ${kb(own.gzip)})`)
}

// ---- per page kind
const routes = await loadRoutes()
const kinds = [
  { kind: 'no islands', islands: [], match: (r) => r.session === 'none' },
  { kind: 'session-timeout', islands: ['session-timeout'], match: (r) => r.session !== 'none' },
]
console.log('\nPer page kind (JavaScript loaded, gzip bytes)')
console.log(`  ${pad('page kind', 18)} ${lpad('gzip', 10)} ${lpad('', 9)}  routes (by session need)`)
for (const k of kinds) {
  const t = await total(pageFiles(k.islands))
  const names = routes ? routes.filter(k.match).map((r) => r.name).join(', ') : '(route table not loaded)'
  console.log(`  ${pad(k.kind, 18)} ${lpad(t.gzip, 10)} ${lpad(kb(t.gzip), 9)}  ${names}`)
}

// ---- login budget
const login = await total(pageFiles([]))
console.log(
  `\nLogin page (no islands): ${login.gzip} B gzip; <= 5 KB budget: ${login.gzip <= LOGIN_BUDGET ? 'yes' : 'NO'}`,
)
