import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// `npm ci` (what .ci/run installs with) refuses a lock file that lacks an entry for any optional
// dependency, even one for another platform. A registry mirror that lacks a platform package lets
// `npm install` write such a lock file without a word, and CI then fails before a single test.
type LockPackage = { optionalDependencies?: Record<string, string> }
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, LockPackage>
}

function resolves(from: string, name: string): boolean {
  let base = from
  for (;;) {
    if (lock.packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true
    if (!base) return false
    const parent = base.lastIndexOf('/node_modules/')
    base = parent < 0 ? '' : base.slice(0, parent)
  }
}

describe('package-lock.json', () => {
  it('has an entry for every optional dependency, so npm ci accepts it on any machine', () => {
    const missing = Object.entries(lock.packages).flatMap(([path, pkg]) =>
      Object.keys(pkg.optionalDependencies ?? {})
        .filter((name) => !resolves(path, name))
        .map((name) => `${path || '(root)'} -> ${name}`),
    )
    expect(missing).toEqual([])
  })
})
