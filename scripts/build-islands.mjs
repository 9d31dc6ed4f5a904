// npm run build: bundles the browser code with esbuild and writes
//   static/build/manifest.json  what the worker reads to emit <script>/<link rel="modulepreload">
//   static/build/meta.json      esbuild's metafiles (both builds), for tests/perf/bundle-size.mjs
// Three builds, so that they can never share a chunk:
// - the islands: the client entry (islands/client.ts) reaches each island through the registry's
//   dynamic import() and react-dom through import('./mount'), so with splitting every island is its own
//   chunk, react-dom another, and shared code (React, zod…) common chunks;
// - the session timer (islands/session-timeout/timer.ts), plain script on every page with a session,
//   whose warning dialog is a chunk of its own fetched only when the warning is near;
// - the script islands (islands/<name>/script.ts, decision 198), plain script too, each loaded only by a
//   page that renders it (their own build, so the timer that every session page loads stays one file).
import { build } from 'esbuild'
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outdir = path.join(root, 'static/build')
const PUBLIC_PREFIX = '/build/'

async function clean() {
  await mkdir(outdir, { recursive: true })
  for (const entry of await readdir(outdir)) {
    if (entry !== '.keep') await rm(path.join(outdir, entry), { recursive: true, force: true })
  }
}

/** Island folders (islands/<name>/index.tsx). Each must come out of the build as its own chunk. */
async function islandFolders() {
  const entries = await readdir(path.join(root, 'islands'), { withFileTypes: true })
  const names = []
  for (const e of entries) {
    if (!e.isDirectory()) continue
    const files = await readdir(path.join(root, 'islands', e.name))
    if (files.includes('index.tsx') || files.includes('index.ts')) names.push(e.name)
  }
  return names.sort()
}

/** Script island folders (islands/<name>/script.ts): plain script, built with the session timer. */
async function scriptIslandFolders() {
  const entries = await readdir(path.join(root, 'islands'), { withFileTypes: true })
  const names = []
  for (const e of entries) {
    if (!e.isDirectory()) continue
    const files = await readdir(path.join(root, 'islands', e.name))
    if (files.includes('script.ts')) names.push(e.name)
  }
  return names.sort()
}

/** 'static/build/x.js' (metafile path, relative to the working directory) -> '/build/x.js'. */
function publicPath(outPath) {
  const rel = path.relative(outdir, path.resolve(root, outPath)).split(path.sep).join('/')
  if (rel.startsWith('..')) throw new Error(`output outside static/build: ${outPath}`)
  return PUBLIC_PREFIX + rel
}

/** The output's static imports, transitively (what the browser must fetch before running it). */
function staticImports(outputs, outPath) {
  const seen = new Set()
  const visit = (p) => {
    for (const imp of outputs[p]?.imports ?? []) {
      if (imp.kind !== 'import-statement' || imp.external || seen.has(imp.path)) continue
      seen.add(imp.path)
      visit(imp.path)
    }
  }
  visit(outPath)
  return [...seen]
}

const CLIENT = 'islands/client.ts'
const MOUNT = 'islands/mount.ts'
const TIMER = 'islands/session-timeout/timer.ts'
const WARNING = 'islands/session-timeout/warning-dialog.ts'

function manifestFrom(metafile, islands, scriptIslands) {
  const outputs = metafile.outputs
  const byEntry = new Map()
  for (const [outPath, out] of Object.entries(outputs)) {
    if (out.entryPoint && outPath.endsWith('.js')) byEntry.set(out.entryPoint.split(path.sep).join('/'), outPath)
  }
  const output = (entry) => {
    const outPath = byEntry.get(entry)
    if (!outPath) throw new Error(`no output for ${entry}`)
    return outPath
  }
  const entryFiles = (entry) => {
    const outPath = output(entry)
    return { file: publicPath(outPath), imports: staticImports(outputs, outPath).map(publicPath) }
  }
  const client = entryFiles(CLIENT)
  const mount = entryFiles(MOUNT)
  output(WARNING)
  const manifest = {
    client: client.file,
    clientImports: client.imports,
    /** What hydrating any island needs (react-dom): preloaded on pages with islands. */
    hydrate: [mount.file, ...mount.imports],
    sessionTimer: entryFiles(TIMER),
    islands: {},
    /** Script islands: each entry and its static imports, without React or the island client. */
    scripts: Object.fromEntries(scriptIslands.map((name) => [name, entryFiles(`islands/${name}/script.ts`)])),
  }
  for (const name of islands) {
    const outPath = byEntry.get(`islands/${name}/index.tsx`) ?? byEntry.get(`islands/${name}/index.ts`)
    if (!outPath) {
      throw new Error(`islands/${name}/ produced no chunk: is it in islands/registry.ts as () => import('./${name}')?`)
    }
    manifest.islands[name] = {
      file: publicPath(outPath),
      imports: staticImports(outputs, outPath).map(publicPath),
    }
  }
  return manifest
}

const common = {
  absWorkingDir: root,
  outdir: 'static/build',
  outbase: 'islands',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2020',
  minify: true,
  entryNames: '[dir]/[name]-[hash]',
  chunkNames: 'chunk-[hash]',
  metafile: true,
  jsx: 'automatic',
  // valtio guards its development checks with `(import.meta.env ? import.meta.env.MODE : void 0) !== "production"`
  // (Vite's variable): undefined here, so they shipped and ran. These two make the test false at build time.
  define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env': 'true', 'import.meta.env.MODE': '"production"' },
  logLevel: 'warning',
}

await clean()
const islands = await islandFolders()
const scriptIslands = await scriptIslandFolders()
const builds = await Promise.all([
  build({ ...common, entryPoints: [CLIENT, MOUNT, ...islands.map((name) => `islands/${name}/index.tsx`)] }),
  build({ ...common, entryPoints: [TIMER, WARNING] }),
  build({ ...common, entryPoints: scriptIslands.map((name) => `islands/${name}/script.ts`) }),
])
const metafile = { inputs: {}, outputs: {} }
for (const { metafile: m } of builds) {
  const clash = Object.keys(m.outputs).filter((p) => p in metafile.outputs)
  if (clash.length > 0) throw new Error(`two builds wrote the same files: ${clash.join(', ')}`)
  Object.assign(metafile.inputs, m.inputs)
  Object.assign(metafile.outputs, m.outputs)
}
const manifest = manifestFrom(metafile, islands, scriptIslands)
await writeFile(path.join(outdir, 'meta.json'), JSON.stringify(metafile, null, 2) + '\n')
await writeFile(path.join(outdir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n')
console.log(
  `built: session timer, islands ${islands.join(', ') || '(none)'}, script islands ${scriptIslands.join(', ') || '(none)'} -> static/build/manifest.json`,
)
