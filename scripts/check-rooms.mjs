#!/usr/bin/env node
// `npm run rooms` (in `npm run lint`): the rooms and floors of the code (decision 200). dependency-cruiser
// checks every import of worker/, islands/ and shared/ against .dependency-cruiser.cjs (imports point down
// the floors, no circles, the rooms apart); then no folder holds more than 25 code files (the migrations, SQL
// files in the order D1 applies them, are one sequence in the one folder wrangler reads). Prints what it counted.
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const ROOMS = ['worker', 'islands', 'shared']
const MAX_FILES = 25
const CODE = /\.(ts|tsx)$/

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) walk(p, out)
    else out.push(p)
  }
  return out
}

const files = ROOMS.flatMap((room) => walk(room))
// TypeScript 7 gives dependency-cruiser no compiler API, so it is handed the files (its own parser reads them).
const code = files.filter((f) => CODE.test(f) && !f.endsWith('.d.ts'))
const cruise = spawnSync('npx', ['depcruise', '--config', '.dependency-cruiser.cjs', '--output-type', 'err', ...code], { encoding: 'utf8' })
process.stdout.write(cruise.stdout)
process.stderr.write(cruise.stderr)

const perFolder = new Map()
for (const f of code) {
  const dir = f.slice(0, f.lastIndexOf('/'))
  perFolder.set(dir, (perFolder.get(dir) ?? 0) + 1)
}
const crowded = [...perFolder].filter(([, n]) => n > MAX_FILES)
const largest = [...perFolder].sort((a, b) => b[1] - a[1]).slice(0, 3)
console.log(`folders: ${perFolder.size}, the largest ${largest.map(([d, n]) => `${d} (${n})`).join(', ')}; at most ${MAX_FILES} files each`)
for (const [dir, n] of crowded) console.error(`  ${dir} holds ${n} files (over ${MAX_FILES}): split it by feature`)
process.exit(cruise.status !== 0 || crowded.length > 0 ? 1 : 0)
