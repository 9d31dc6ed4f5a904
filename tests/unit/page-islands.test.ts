import { describe, expect, it } from 'vitest'
import { createIslandCollector } from '../../worker/render/island'
import { refuseUndeclaredIslands } from '../../worker/render/render-page'
import { route, ROUTES } from '../../shared/routes'
import { islandPropsSchemas, scriptIslandSettingsSchemas } from '../../shared/forms/islands'

/** Issue 30 item 2: the route table says which islands a page has, and perf:size weighs it with those. */
describe('a page renders only the islands its route declares', () => {
  it('a declared island renders; an undeclared one, hydrated or script, is a programming error', () => {
    const declared = createIslandCollector()
    declared.add('report-claim')
    expect(() => refuseUndeclaredIslands(route('ReportClaim'), declared)).not.toThrow()
    const hydrated = createIslandCollector()
    hydrated.add('make-payment')
    expect(() => refuseUndeclaredIslands(route('ReportClaim'), hydrated)).toThrow(/ReportClaim renders islands its route does not declare: make-payment/)
    const script = createIslandCollector()
    script.addScript('confirm-remove-policy')
    expect(() => refuseUndeclaredIslands(route('AccountHome'), script)).toThrow(/confirm-remove-policy/)
  })

  it('every island of the registry is declared by some route', () => {
    const declared = new Set(ROUTES.flatMap((r) => r.islands ?? []))
    for (const name of [...Object.keys(islandPropsSchemas), ...Object.keys(scriptIslandSettingsSchemas)]) expect(declared, name).toContain(name)
  })
})
