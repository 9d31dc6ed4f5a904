#!/usr/bin/env node
// The e2e web server: `npm start` on port $E2E_PORT (8788) with a fresh local state folder each run, so every run
// starts from the migrations and the deterministic seed. Started and stopped by Playwright's webServer.
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))
const port = process.env.E2E_PORT ?? '8788'
const stateDir = `.wrangler/e2e-${port}`

rmSync(new URL(`../../${stateDir}`, import.meta.url), { recursive: true, force: true })

const child = spawn(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['start'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PORT: port, PORTAL_STATE_DIR: stateDir },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
