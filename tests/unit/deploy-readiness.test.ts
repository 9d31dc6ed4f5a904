import { readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { unstable_readConfig } from 'wrangler'
import {
  bindingsCheck,
  bindingsOfEnv,
  cronCheck,
  type DeployConfig,
  domainCheck,
  requiredWhenDeployed,
  schemaCheck,
  settingsCheck,
  sizeChecks,
  tablesNamedInSql,
  uploadedSourceMapCheck,
  valuesCheck,
} from '../../scripts/deploy-readiness'
import { PRODUCTION_REQUIRED, settingsSchema } from '../../worker/env'

// The committed production environment: each test breaks one thing in a copy of it.
const production: DeployConfig = unstable_readConfig({ config: 'wrangler.toml', env: 'production' })
const rules = { shape: settingsSchema.shape, deployedRequired: PRODUCTION_REQUIRED }
const localSecrets = ['SESSION_SIGNING_KEY', 'PASSWORD_PEPPER']
const envSource = readFileSync('worker/env.ts', 'utf8')
const indexSource = readFileSync('worker/index.ts', 'utf8')

/** The production vars with some changed; undefined removes one. */
function withVars(change: Record<string, string | undefined>): DeployConfig {
  const vars = Object.entries({ ...production.vars, ...change }).filter(([, v]) => v !== undefined)
  return { ...production, vars: Object.fromEntries(vars) as DeployConfig['vars'] }
}
const withSecrets = (required: string[]): DeployConfig => ({ ...production, secrets: { required } })
const secrets = production.secrets?.required ?? []

/** checkEnv remembers a success for the module's life: each call gets a fresh worker/env.ts. */
async function freshCheckEnv(): Promise<(env: Record<string, unknown>) => void> {
  vi.resetModules()
  const { checkEnv } = await import('../../worker/env')
  return (env) => checkEnv(env as never)
}

describe('deploy readiness: settings and secrets', () => {
  it('takes the required names from env.ts: the schema and PRODUCTION_REQUIRED, not what only development may set', () => {
    const required = requiredWhenDeployed(rules)
    expect(required).toEqual(expect.arrayContaining(['PASSWORD_PEPPER', 'MAIL_API_URL', 'CLAIMS_SYSTEM_WEBHOOK_SECRET', 'WEBAUTHN_RP_ID']))
    expect(required).not.toContain('SESSION_IDLE_MINUTES')
  })

  it('passes the committed production environment', () => {
    expect(settingsCheck(rules, production, localSecrets)).toMatchObject({ ok: true })
  })

  it.each([
    ['a var', withVars({ MAIL_API_URL: undefined }), /not declared: MAIL_API_URL/],
    ['a secret', withSecrets(secrets.filter((s) => s !== 'CLAIMS_SYSTEM_WEBHOOK_SECRET')), /not declared: CLAIMS_SYSTEM_WEBHOOK_SECRET/],
  ])('refuses a production environment without %s env.ts requires', (_what, config, message) => {
    expect(settingsCheck(rules, config, localSecrets).detail).toMatch(message)
    expect(settingsCheck(rules, config, localSecrets).ok).toBe(false)
  })

  it('refuses a secret whose value is committed as a var', () => {
    const config = { ...withVars({ PASSWORD_PEPPER: 'a-committed-pepper-0123456789' }), secrets: { required: secrets.filter((s) => s !== 'PASSWORD_PEPPER') } }
    expect(settingsCheck(rules, config, localSecrets)).toMatchObject({ ok: false, detail: expect.stringMatching(/value committed.*PASSWORD_PEPPER/) })
  })

  it('refuses a name env.ts does not know (a typo), and one declared twice', () => {
    expect(settingsCheck(rules, withVars({ MAIL_API_UR: 'https://mail.example' }), localSecrets).detail).toMatch(
      /not a setting worker\/env.ts knows: MAIL_API_UR/,
    )
    expect(settingsCheck(rules, withVars({ MAIL_API_KEY: 'x' }), []).detail).toMatch(/both a var and a secret: MAIL_API_KEY/)
  })
})

describe('deploy readiness: the values pass env.ts', () => {
  it('passes the committed production vars', async () => {
    expect(valuesCheck(await freshCheckEnv(), production, 'production')).toMatchObject({ ok: true })
  })

  it('refuses a stand-in address, with env.ts own words', async () => {
    const config = withVars({ PAYMENT_API_URL: 'https://portal.proghome.example/__dev/payments' })
    expect(valuesCheck(await freshCheckEnv(), config, 'production')).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/PAYMENT_API_URL point at local stand-ins/),
    })
  })

  it('refuses an environment that does not say production (development skips the deployed rules)', async () => {
    expect(valuesCheck(await freshCheckEnv(), withVars({ ENVIRONMENT: 'development' }), 'production').ok).toBe(false)
  })
})

describe('deploy readiness: domain, bindings, cron', () => {
  it('passes the committed custom domain, bindings and cron', () => {
    expect(domainCheck(production)).toMatchObject({ ok: true })
    expect(bindingsCheck(bindingsOfEnv(envSource), production)).toMatchObject({ ok: true })
    expect(cronCheck(indexSource, production)).toMatchObject({ ok: true })
  })

  it.each([
    ['a relying party of another domain', withVars({ WEBAUTHN_RP_ID: 'proghome.example.net' }), /WEBAUTHN_RP_ID/],
    ['origins without the portal', withVars({ WEBAUTHN_ORIGINS: 'http://localhost:8787' }), /WEBAUTHN_ORIGINS does not list https:\/\/portal.proghome.example/],
    ['the portal on workers.dev too', { ...production, workers_dev: true }, /workers_dev/],
    ['no custom domain', { ...production, routes: [] }, /no custom domain/],
  ])('refuses %s', (_what, config, message) => {
    expect(domainCheck(config)).toMatchObject({ ok: false, detail: expect.stringMatching(message) })
  })

  it("reads the bindings from env.ts's Env interface", () => {
    const names = bindingsOfEnv(envSource).map((b) => b.name)
    expect(names).toEqual(expect.arrayContaining(['DB', 'CACHE', 'DOCS', 'ASSETS', 'IP_LIMITER']))
    expect(names).not.toContain('PASSWORD_PEPPER')
  })

  it('refuses a binding env.ts needs that the environment lacks, and one of a kind it cannot place', () => {
    expect(bindingsCheck(bindingsOfEnv(envSource), { ...production, ratelimits: [] })).toMatchObject({
      ok: false,
      detail: 'IP_LIMITER (rate limit) is not declared',
    })
    const withQueue = envSource.replace('  DB: D1Database\n', '  DB: D1Database\n  JOBS: Queue\n')
    expect(bindingsCheck(bindingsOfEnv(withQueue), production).detail).toMatch(/JOBS: Queue is a kind this check does not know/)
  })

  it('refuses scheduled work without a cron', () => {
    expect(cronCheck(indexSource, { ...production, triggers: { crons: [] } })).toMatchObject({ ok: false })
  })
})

describe('deploy readiness: size and schema', () => {
  it('prints the headroom under the limits, and fails over them', () => {
    const [gzip, raw] = sizeChecks({ bytes: 7_000 * 1024, gzipBytes: 2_000 * 1024 })
    expect(gzip).toMatchObject({ ok: true, detail: expect.stringContaining('2,000.0 KiB gzip of 3,072.0 KiB: 1,072.0 KiB headroom') })
    expect(raw).toMatchObject({ ok: true })
    const [over] = sizeChecks({ bytes: 7_000 * 1024, gzipBytes: 3_100 * 1024 })
    expect(over).toMatchObject({ ok: false, detail: expect.stringContaining('over 3,072.0 KiB by 28.0 KiB') })
  })

  it('judges source maps against their own limit, apart from the Worker', () => {
    expect(uploadedSourceMapCheck(1, 3_000 * 1024)).toMatchObject({
      ok: true,
      name: 'source maps',
      detail: expect.stringContaining('3,000.0 KiB gzip of the 15 MB'),
    })
    expect(uploadedSourceMapCheck(1, 15_000_001)).toMatchObject({ ok: false })
    expect(production).toMatchObject({ minify: true, upload_source_maps: true })
  })

  it('fails when source maps are to be uploaded and the build wrote none (0 KiB is no pass)', () => {
    expect(uploadedSourceMapCheck(0, 0)).toEqual({ ok: false, name: 'source maps', detail: 'upload_source_maps is on but the build wrote no source map' })
  })

  it('finds the tables SQL names, not table-valued functions or keywords', () => {
    const sql = `SELECT p.id FROM policies p JOIN profile_policies pp ON 1, json_each(p.data) j;
      INSERT OR IGNORE INTO outbox (id) VALUES (?) ON CONFLICT DO UPDATE SET id = 1; DELETE FROM sessions; UPDATE claims SET x = 1`
    expect([...tablesNamedInSql(sql)].sort()).toEqual(['claims', 'outbox', 'policies', 'profile_policies', 'sessions'])
  })

  it('names a table no migration creates, with where the worker uses it', () => {
    const check = schemaCheck(
      new Map([
        ['sessions', ['worker/a.ts']],
        ['ghosts', ['worker/b.ts']],
      ]),
      new Set(['sessions']),
      1,
    )
    expect(check).toMatchObject({ ok: false, detail: 'no migration creates ghosts (named in worker/b.ts)' })
  })
})
