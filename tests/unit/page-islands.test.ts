import { describe, expect, it } from 'vitest'
import { route, ROUTES, undeclaredIslands } from '../../shared/routes'
import { islandPropsSchemas, scriptIslandSettingsSchemas } from '../../shared/forms/islands'

/** Issue 30 item 2: the route table says which islands a page has, and perf:size weighs it with those. */
describe('a page renders only the islands its route declares', () => {
  it('a declared island is allowed; an undeclared one, hydrated or script, is named', () => {
    expect(undeclaredIslands(route('ReportClaim'), ['report-claim'])).toEqual([])
    expect(undeclaredIslands(route('ReportClaim'), ['report-claim', 'make-payment'])).toEqual(['make-payment'])
    expect(undeclaredIslands(route('AccountHome'), ['confirm-remove-policy'])).toEqual(['confirm-remove-policy'])
  })

  it('every island of the registry is declared by some route', () => {
    const declared = new Set(ROUTES.flatMap((r) => r.islands ?? []))
    for (const name of [...Object.keys(islandPropsSchemas), ...Object.keys(scriptIslandSettingsSchemas)]) expect(declared, name).toContain(name)
  })
})
