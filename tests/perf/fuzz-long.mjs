#!/usr/bin/env node
// `npm run fuzz:long`: the fuzz suite (tests/fuzz) with many more cases than `npm test` runs, and a seed
// of your choice: FUZZ_RUNS (default 1000 per endpoint or form), FUZZ_SEED (default: a new one, printed
// so a failure can be replayed with the same seed). Decision 143.
import { spawnSync } from 'node:child_process'

const runs = process.env.FUZZ_RUNS ?? '1000'
const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31))
console.log(`fuzz: ${runs} cases per endpoint and form, seed ${seed} (replay: FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npm run fuzz:long)`)
const r = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.worker.config.ts', 'tests/fuzz'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: runs, FUZZ_SEED: seed },
})
process.exit(r.status ?? 1)
