/**
 * `npm run deploy:check` (in npm test, after the build): could wrangler.toml's production environment be
 * deployed as it stands? Offline and without a Cloudflare account:
 *   1. `wrangler deploy --dry-run --env production` bundles the worker;
 *   2. the bundle's size against the Workers size limits (scripts/deploy-readiness.ts says which);
 *   3. every setting, secret and binding worker/env.ts needs in a deployed environment is declared in
 *      [env.production], its vars pass env.ts's own check, the passkey domain agrees, a cron runs the
 *      scheduled work;
 *   4. the D1 migrations apply to an empty database, which then has every table the worker's SQL names.
 * Prints each check with its figure; exits 1 when one fails. docs/deploy.md, decision 197.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import { unstable_readConfig } from 'wrangler'
import { checkEnv, PRODUCTION_REQUIRED, settingsSchema, type Env } from '../worker/env'
import {
  bindingsCheck,
  bindingsOfEnv,
  type Check,
  cronCheck,
  type DeployConfig,
  domainCheck,
  schemaCheck,
  settingsCheck,
  sizeChecks,
  tablesNamedInSql,
  uploadedSourceMapCheck,
  valuesCheck,
} from './deploy-readiness'

const ENVIRONMENT = 'production'
const root = join(import.meta.dirname, '..')
const wranglerBin = join(root, 'node_modules', '.bin', 'wrangler')
// Offline: no request.cf fetch, no metrics, no banner (whose update check asks the npm registry).
const wranglerEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false', WRANGLER_HIDE_BANNER: 'true' }

const checks: Check[] = []
function report(check: Check): void {
  checks.push(check)
  console.log(`${check.ok ? ' ok ' : 'FAIL'}  ${check.name.padEnd(12)} ${check.detail}`)
}

function wrangler(args: string[]): { ok: boolean; stdout: string; output: string; seconds: string } {
  const started = performance.now()
  const r = spawnSync(wranglerBin, args, { cwd: root, env: wranglerEnv, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}`
  return { ok: r.status === 0, stdout: r.stdout ?? '', output, seconds: ((performance.now() - started) / 1000).toFixed(1) }
}

function tail(output: string): string {
  return output.trim().split('\n').slice(-30).join('\n')
}

function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .filter(keep)
}

const version = JSON.parse(readFileSync(join(root, 'node_modules/wrangler/package.json'), 'utf8')).version
console.log(`deploy:check: wrangler.toml [env.${ENVIRONMENT}], wrangler ${version}, offline`)
const config: DeployConfig & { upload_source_maps?: boolean } = unstable_readConfig({ config: join(root, 'wrangler.toml'), env: ENVIRONMENT })
const work = mkdtempSync(join(tmpdir(), 'deploy-check-'))
const started = performance.now()
try {
  // 1-2. The bundle wrangler would upload, and its size measured as wrangler does (gzip of the modules together).
  const outdir = join(work, 'bundle')
  const dry = wrangler(['deploy', '--dry-run', '--env', ENVIRONMENT, '--outdir', outdir])
  if (!dry.ok) {
    report({
      ok: false,
      name: 'dry run',
      detail: `wrangler deploy --dry-run --env ${ENVIRONMENT} failed (npm run build first: the worker imports static/build/manifest.json):\n${tail(dry.output)}`,
    })
  } else {
    // A source map is uploaded beside the Worker, not in it (decision 238): judged against its own limit below.
    const modules = filesUnder(outdir, (p) => !p.endsWith('README.md') && !p.endsWith('.map'))
    const maps = filesUnder(outdir, (p) => p.endsWith('.map'))
    const contents = modules.map((p) => readFileSync(p))
    const wranglerSays = /Total Upload: ([^\n]*)/.exec(dry.output)?.[1]
    report({
      ok: true,
      name: 'dry run',
      detail: `wrangler deploy --dry-run --env ${ENVIRONMENT}: ${modules.length} modules (${modules.map((p) => relative(outdir, p).replace(/^[0-9a-f]{40}-/, '')).join(', ')}) in ${dry.seconds} s${wranglerSays ? `; wrangler says ${wranglerSays}` : ''}`,
    })
    for (const check of sizeChecks({ bytes: contents.reduce((n, c) => n + c.byteLength, 0), gzipBytes: gzipSync(Buffer.concat(contents)).byteLength })) {
      report(check)
    }
    if (config.upload_source_maps) report(uploadedSourceMapCheck(maps.length, gzipSync(Buffer.concat(maps.map((p) => readFileSync(p)))).byteLength))
  }

  // 3. Declarations, from worker/env.ts's own rules.
  const localSecrets = readFileSync(join(root, '.dev.vars.example'), 'utf8')
    .split('\n')
    .flatMap((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1] ?? [])
  report(settingsCheck({ shape: settingsSchema.shape, deployedRequired: PRODUCTION_REQUIRED }, config, localSecrets))
  report(valuesCheck((env) => checkEnv(env as unknown as Env), config, ENVIRONMENT))
  report(domainCheck(config))
  report(bindingsCheck(bindingsOfEnv(readFileSync(join(root, 'worker/env.ts'), 'utf8')), config))
  report(cronCheck(readFileSync(join(root, 'worker/index.ts'), 'utf8'), config))

  // 4. The migrations on an empty D1, then the tables the worker's SQL names.
  const d1 = config.d1_databases.find((b) => b.binding === 'DB')
  if (!d1?.migrations_dir) {
    report({ ok: false, name: 'migrations', detail: `[[env.${ENVIRONMENT}.d1_databases]] DB has no migrations_dir` })
  } else {
    const persist = join(work, 'state')
    const local = ['--local', '--env', ENVIRONMENT, '--persist-to', persist]
    const applied = wrangler(['d1', 'migrations', 'apply', 'DB', ...local])
    const migrations = readdirSync(join(root, d1.migrations_dir)).filter((f) => f.endsWith('.sql')).length
    if (!applied.ok) {
      report({ ok: false, name: 'migrations', detail: `wrangler d1 migrations apply DB on an empty D1 failed:\n${tail(applied.output)}` })
    } else {
      report({ ok: true, name: 'migrations', detail: `${migrations} from ${d1.migrations_dir} applied to an empty D1 in ${applied.seconds} s` })
      const query =
        "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'"
      const listed = wrangler(['d1', 'execute', 'DB', ...local, '--json', '--command', query])
      const json = listed.ok ? /\[[\s\S]*\]/.exec(listed.stdout)?.[0] : undefined
      if (!json) {
        report({ ok: false, name: 'schema', detail: `could not list the migrated tables:\n${tail(listed.output)}` })
      } else {
        const present = new Set((JSON.parse(json) as { results: { name: string }[] }[]).flatMap((r) => r.results.map((t) => t.name)))
        const used = new Map<string, string[]>()
        for (const file of filesUnder(join(root, 'worker'), (p) => /\.tsx?$/.test(p))) {
          for (const table of tablesNamedInSql(readFileSync(file, 'utf8'))) used.set(table, [...(used.get(table) ?? []), relative(root, file)])
        }
        report(schemaCheck(used, present, migrations))
      }
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}

const placeholders = Object.entries(config.vars).filter(([, v]) => /\.example\b/.test(String(v))).length
const zeroIds = [...config.d1_databases.map((b) => b.database_id), ...config.kv_namespaces.map((b) => b.id)].filter((id) => id && /^[0-]+$/.test(id)).length
if (placeholders || zeroIds) {
  console.log(
    `note  placeholders   ${placeholders} vars on .example domains and ${zeroIds} all-zero resource ids to fill in before a real deploy (docs/deploy.md)`,
  )
}
const failed = checks.filter((c) => !c.ok)
const seconds = ((performance.now() - started) / 1000).toFixed(1)
if (failed.length) {
  console.error(`\ndeploy:check FAILED: ${failed.map((c) => c.name).join(', ')} (${checks.length} checks, ${seconds} s)`)
  process.exit(1)
}
console.log(`\ndeploy:check passed: ${checks.length} checks in ${seconds} s`)
