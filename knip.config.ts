import type { KnipConfig } from 'knip'

/**
 * Two runs, both in `npm run lint` (issue 30 item 4).
 * - `knip`: the whole project, tests included. An export nobody imports, not even a test, is reported.
 * - `knip --production`: only what ships, the patterns marked `!`. An export only tests import is
 *   reported too: code used only by tests moves to tests/support (or into its test), or goes.
 *   One seam is accepted there, and only there: an export that production code uses in its own file
 *   and a unit test imports to reach it directly (ignoreExportsUsedInFile).
 * The demo seed (worker/db/seed, run by scripts/seed.ts and the tests) is tooling, not production.
 * The stand-ins (worker/dev) are: the worker mounts them, and refuses them when deployed.
 */
const config: KnipConfig = (args) => {
  const shipped = args.production === true || args.strict === true
  return {
    entry: [
      'islands/client.ts!',
      'islands/session-timeout/timer.ts!',
      'islands/*/script.ts!',
      'worker/dev/server.ts',
      'tests/deployed/seed-autopay.ts',
      'scripts/*.{ts,mjs}',
      'tests/perf/*.{mjs,ts}',
    ],
    project: ['worker/**/*.{ts,tsx}!', '!worker/db/seed/**!', 'islands/**/*.{ts,tsx}!', 'shared/**/*.ts!', 'scripts/**/*.{ts,mjs}', 'tests/**/*.{ts,tsx,mjs}'],
    ignoreExportsUsedInFile: shipped,
  }
}

export default config
