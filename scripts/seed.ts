/**
 * `npm run db:seed`: writes the demo data into the local state that `wrangler dev` reads
 * (.wrangler/state/v3, or $PORTAL_STATE_DIR/v3), through wrangler's platform proxy. Run `npm run db:migrate` first.
 * Deterministic and idempotent: a second run writes nothing. It puts every demo row back as the seed has it,
 * so `npm start` runs it with `--if-empty` (issue 35): only into a database with no profiles yet, and what
 * was done while trying the demo (signatures, payments) survives a restart; `npm run reset` starts over.
 */
import { copyFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import type { D1Database, R2Bucket } from '@cloudflare/workers-types'
import { getPlatformProxy } from 'wrangler'
import { seedDemoData, seedDemoDataIfEmpty } from '../worker/db/seed/index'

interface SeedEnv {
  DB: D1Database
  DOCS: R2Bucket
  PASSWORD_PEPPER?: string
}

if (!existsSync('.dev.vars') && existsSync('.dev.vars.example')) {
  copyFileSync('.dev.vars.example', '.dev.vars')
  console.log('Created .dev.vars from .dev.vars.example')
}

// Same folder as `wrangler dev --persist-to $PORTAL_STATE_DIR`, which keeps its state under `v3/`.
const stateDir = process.env.PORTAL_STATE_DIR
const persist = stateDir ? { path: join(stateDir, 'v3') } : true
// PORTAL_ENV_FILE: the settings file a portal started with `wrangler dev --env-file` reads instead of
// .dev.vars (tests/perf/portal.mjs in production mode, tests/deployed/start.mjs): the passwords are hashed with its pepper.
const envFiles = process.env.PORTAL_ENV_FILE ? [process.env.PORTAL_ENV_FILE] : undefined
const proxy = await getPlatformProxy<SeedEnv>({ configPath: 'wrangler.toml', persist, remoteBindings: false, envFiles })
try {
  const pepper = proxy.env.PASSWORD_PEPPER
  if (!pepper) throw new Error('PASSWORD_PEPPER is not set: add it to .dev.vars (see .dev.vars.example)')
  const started = performance.now()
  const bindings = { DB: proxy.env.DB, DOCS: proxy.env.DOCS }
  const counts = process.argv.includes('--if-empty') ? await seedDemoDataIfEmpty(bindings, pepper) : await seedDemoData(bindings, pepper)
  const ms = Math.round(performance.now() - started)
  if (!counts) console.log('Demo data: kept from the last start (npm run reset starts the demo over).')
  else
    console.log(
      `Seeded ${counts.profiles} profiles, ${counts.policies} policies, ${counts.pdfs} PDFs ` +
        `(${counts.pdfsWritten} written, ${counts.rowsChanged} rows changed) in ${ms} ms. Personas: tests/fixtures/personas.json`,
    )
} finally {
  await proxy.dispose()
}
