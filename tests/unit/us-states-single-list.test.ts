import { describe, it, expect } from 'vitest'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Spec 000 section 5 "State list: the 50 states plus DC" lives once, in shared/us-states.ts (issue 13
 * spec gap; its contents are checked in claims-banner-and-parts.test.ts). Every form that offers or
 * checks a state takes it from there: no second list may appear in the source.
 */
const ROOMS = ['shared', 'islands', 'worker']
const THE_LIST = join('shared', 'us-states.ts')

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.(ts|tsx|mjs)$/.test(name) ? [path] : []
  })
}

describe('one state list', () => {
  it('no source file but shared/us-states.ts spells out states (names or a run of codes)', () => {
    const offenders = ROOMS.flatMap(sources).filter((path) => {
      if (path === THE_LIST) return false
      const text = readFileSync(path, 'utf8')
      return /Wyoming|Mississippi|District of Columbia/.test(text) || /['"]AL['"]\s*,\s*['"]AK['"]/.test(text)
    })
    expect(offenders).toEqual([])
  })

  it('the forms with a state take it from shared/us-states.ts', () => {
    for (const path of [
      'shared/claims/schemas/claim-fields.ts',
      'shared/payments/schemas/payment.ts',
      'islands/report-claim/state-choices.ts',
      'islands/make-payment/BillingDetails.tsx',
    ]) {
      expect(readFileSync(path, 'utf8'), path).toMatch(/from '(\.\.\/)+(shared\/)?us-states'/)
    }
  })
})
