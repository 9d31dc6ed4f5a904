// The floor under perf:upload's figures (decision 196). In wrangler dev the worker's process also runs
// miniflare's local R2, which reads every stored byte in JavaScript too, and the connections carrying the
// files: costs a deployed Worker does not carry. storageFloor() starts a worker that does nothing but put
// each request's body into R2 (`env.DOCS.put(key, request.body)`: no check, no hash, no JavaScript
// touching a byte), in its own wrangler dev and state folder (.wrangler/perf-floor-<port>), so that
// perf:upload can send it the same files: what storing them costs that process without the portal.
import { spawn } from 'node:child_process'
import { mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort, waitFor } from './portal.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))

const WORKER = `export default {
  async fetch(request, env) {
    if (request.method !== 'POST') return new Response('ok')
    const key = 'floor/' + crypto.randomUUID()
    await env.DOCS.put(key, request.body)
    return Response.json({ fileId: key }, { status: 201 })
  },
}
`

/** { base, stop, pgid, stateDir, logFile }, as portal() gives for the portal. */
export async function storageFloor() {
  const port = String(process.env.PERF_PORT ? Number(process.env.PERF_PORT) + 1 : await freePort())
  const dir = `.wrangler/perf-floor-${port}`
  rmSync(resolve(root, dir), { recursive: true, force: true })
  mkdirSync(resolve(root, dir), { recursive: true })
  const compatibilityDate = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(readFileSync(resolve(root, 'wrangler.toml'), 'utf8'))?.[1] ?? '2026-04-20'
  writeFileSync(resolve(root, dir, 'worker.js'), WORKER)
  writeFileSync(
    resolve(root, dir, 'wrangler.toml'),
    `name = "perf-storage-floor"\nmain = "worker.js"\ncompatibility_date = "${compatibilityDate}"\nsend_metrics = false\n\n[[r2_buckets]]\nbinding = "DOCS"\nbucket_name = "perf-storage-floor"\n`,
  )
  const stateDir = join(dir, 'state')
  const logFile = resolve(root, dir, 'wrangler.log')
  const env = { ...process.env, VSCODE_INSPECTOR_OPTIONS: '{}', NODE_ENV: 'production', CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' }
  const args = ['wrangler', 'dev', '--config', join(dir, 'wrangler.toml'), '--ip', '127.0.0.1', '--port', port, '--persist-to', stateDir]
  const child = spawn('npx', [...args, '--show-interactive-dev-session=false'], {
    cwd: root,
    env,
    stdio: ['ignore', openSync(logFile, 'w'), 'inherit'],
    detached: true,
  })
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
  try {
    await waitFor(`http://127.0.0.1:${port}/`, 120_000)
  } catch (e) {
    await stop()
    throw e
  }
  return { base: `http://127.0.0.1:${port}`, stop, pgid: child.pid, stateDir, logFile }
}
