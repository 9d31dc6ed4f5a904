import { describe, it, expect } from 'vitest'
import { parseLandingQuery, parseSsoParamsCookie, ssoParamsCookieValue, policiesFromPingSchema, testSsoFormSchema } from '../../shared/sso/schemas/sso'
import { isPpa, landingEntry, landingNextStep, mergeSsoParams, normalizePolicyList, policyAccess, testSsoLandingUrl, SSO_TEXT } from '../../shared/sso/sso'
import { fieldErrors } from '../../shared/forms/field-errors'

const q = (s: string) => parseLandingQuery(new URLSearchParams(s))

describe('SSO landing query parameters (spec 000 "SSO landing")', () => {
  it('reads every parameter of the spec', () => {
    const r = q(
      'tokenid=REF0123456789&policyId=hom4020001&PPA=yes&PgrOptOutPref=0&tracking_id=trk-123&actionCd=policydocuments&productType=HO&fakePingResponse=TRUE&SystemOrigin=mna',
    )
    expect(r).toEqual({
      ok: true,
      value: {
        tokenid: 'REF0123456789',
        policyId: 'HOM4020001',
        PPA: 'yes',
        PgrOptOutPref: '0',
        tracking_id: 'trk-123',
        actionCd: 'POLICYDOCUMENTS',
        productType: 'HO',
        fakePingResponse: true,
        SystemOrigin: 'MNA',
      },
    })
  })

  it('trims and uppercases the policy id, treats blanks as absent, ignores unknown parameters', () => {
    expect(q('policyId=%20fld4010003%20&SystemOrigin=&utm_source=x')).toEqual({ ok: true, value: { policyId: 'FLD4010003' } })
  })

  it('matches names case-insensitively (tokenId) and takes the first of a repeated parameter', () => {
    const r = q('tokenId=FIRST-REFERENCE&tokenid=SECOND-REFERENCE')
    expect(r.ok && r.value.tokenid).toBe('FIRST-REFERENCE')
  })

  it.each([
    ['policyId=HOM%3Cscript%3E', 'policyId is not a policy number.'],
    ['tokenid=short', 'tokenid is not valid.'],
    [`tokenid=${'a'.repeat(513)}`, 'tokenid is not valid.'],
    ['PgrOptOutPref=2', "PgrOptOutPref must be '0' or '1'."],
    ['fakePingResponse=yes', "fakePingResponse must be 'true' or 'false'."],
    ['tracking_id=a%20b', 'tracking_id is not valid.'],
    ['SystemOrigin=M-N-A', 'SystemOrigin is not valid.'],
  ])('refuses %s', (search, error) => expect(q(search)).toEqual({ ok: false, error }))
})

describe("the 'ssoParams' cookie", () => {
  it('round-trips the parameters and never holds the token', () => {
    const r = q('tokenid=REF0123456789&policyId=HOM1&PPA=yes&tracking_id=t1&fakePingResponse=true')
    if (!r.ok) throw new Error('parse failed')
    const { tokenid, ...params } = r.value
    const value = ssoParamsCookieValue({ ...params, ...({ tokenid } as object) } as never)
    expect(value).not.toContain('REF0123456789')
    expect(parseSsoParamsCookie(value)).toEqual({ policyId: 'HOM1', PPA: 'yes', tracking_id: 't1', fakePingResponse: true })
  })

  it('is ignored when missing, not JSON or not valid parameters', () => {
    expect(parseSsoParamsCookie(undefined)).toBeNull()
    expect(parseSsoParamsCookie('{oops')).toBeNull()
    expect(parseSsoParamsCookie('{"policyId":"<b>"}')).toBeNull()
  })
})

describe('landing steps', () => {
  it.each([
    [{ hasToken: false, hasSavedParams: false, hasPolicyId: false, fromTestSso: false }, 'account-home'],
    [{ hasToken: true, hasSavedParams: false, hasPolicyId: false, fromTestSso: false }, 'continue'],
    [{ hasToken: false, hasSavedParams: true, hasPolicyId: false, fromTestSso: false }, 'continue'],
    [{ hasToken: false, hasSavedParams: false, hasPolicyId: true, fromTestSso: false }, 'continue'],
    [{ hasToken: false, hasSavedParams: false, hasPolicyId: false, fromTestSso: true }, 'continue'],
  ] as const)('step 1: %o -> %s', (entry, expected) => expect(landingEntry(entry)).toBe(expected))

  it.each([
    ['yes', true],
    ['YES', true],
    ['no', false],
    [undefined, false],
    ['', false],
  ] as const)('PPA %s is yes: %s', (v, expected) => expect(isPpa(v)).toBe(expected))

  it.each([
    [{ ppa: false, hasToken: true, fake: false }, 'idle'],
    [{ ppa: true, hasToken: false, fake: false }, 'ping-login'],
    [{ ppa: true, hasToken: false, fake: true }, 'exchange'],
    [{ ppa: true, hasToken: true, fake: false }, 'exchange'],
  ] as const)('step 4: %o -> %s', (s, expected) => expect(landingNextStep(s)).toBe(expected))

  it('a query naming a policy stands alone; otherwise the saved parameters apply under the query', () => {
    const saved = { policyId: 'HOM1', actionCd: 'REPORTCLAIM', PPA: 'yes', tracking_id: 't1' }
    expect(mergeSsoParams({ policyId: 'HOM2' }, saved)).toEqual({ policyId: 'HOM2' })
    expect(mergeSsoParams({ tracking_id: 't2' }, saved)).toEqual({ ...saved, tracking_id: 't2' })
    expect(mergeSsoParams({ PPA: 'yes' }, null)).toEqual({ PPA: 'yes' })
  })

  it.each([
    [[], 'HOM1', 'no-policies'],
    [['HOM1', 'FLD2'], 'FLD2', 'granted'],
    [['HOM1'], 'FLD2', 'denied'],
    [['HOM1'], undefined, 'denied'],
  ] as const)('steps 5-7: %o with %s -> %s', (list, id, expected) => expect(policyAccess(list, id)).toBe(expected))

  it('normalizes the returned policy list', () => {
    expect(normalizePolicyList([' hom1 ', 'HOM1', 'fld2', '<x>', 7])).toEqual(['HOM1', 'FLD2'])
    expect(normalizePolicyList('hom1, FLD2,,')).toEqual(['HOM1', 'FLD2'])
    expect(normalizePolicyList(null)).toEqual([])
  })

  it('keeps the texts verbatim', () => {
    expect(SSO_TEXT).toEqual({
      accessDenied: 'Access to policy denied.',
      noPolicies: 'No policies returned from ping',
      policyLoadFailed: 'Exception thrown retrieving policy data',
      testSsoDenied: 'Access to TestSSO page denied.',
    })
  })
})

describe('Test SSO (spec 000 "Test SSO")', () => {
  it('Click builds the landing address: PPA=yes, policyId trimmed and uppercased, fakePingResponse=true', () => {
    const form = testSsoFormSchema.parse({ actionCd: 'REPORTCLAIM', policyId: '  hom4020001 ', productType: '', SystemOrigin: 'MNA', PgrOptOutPref: '0' })
    expect(testSsoLandingUrl(form)).toBe(
      '/sso-progressive-landing?PPA=yes&policyId=HOM4020001&actionCd=REPORTCLAIM&fakePingResponse=true&SystemOrigin=MNA&PgrOptOutPref=0',
    )
  })

  // Spec 000 "Test SSO": "The Click button goes to SSOProgressiveLanding with the query PPA=yes, policyId
  // (uppercased), actionCd, fakePingResponse (true), SystemOrigin and PgrOptOutPref."
  it("uses the spec's parameters only (no productType, even when given); System Origin none is empty; opt-in by default", () => {
    const form = testSsoFormSchema.parse({ actionCd: 'POLICYSUMMARY', policyId: 'FLD1', productType: 'Flood' })
    expect(testSsoLandingUrl(form)).toBe(
      '/sso-progressive-landing?PPA=yes&policyId=FLD1&actionCd=POLICYSUMMARY&fakePingResponse=true&SystemOrigin=&PgrOptOutPref=1',
    )
  })

  it('requires an action of the list and a policy id', () => {
    const r = testSsoFormSchema.safeParse({ actionCd: 'DELETEPOLICY', policyId: '   ' })
    expect(r.success).toBe(false)
    expect(fieldErrors(r.error!)).toEqual({ actionCd: 'Value is required', policyId: 'Value is required' })
  })
})

describe('POST /v1/common/policies-from-ping/ body', () => {
  it('takes {key, tokenId, policyID, fakePingResponse, name}', () => {
    expect(policiesFromPingSchema.parse({ key: 'k', tokenId: 'REF0123456789', policyID: 'hom1', fakePingResponse: false, name: 'n' })).toEqual({
      key: 'k',
      tokenId: 'REF0123456789',
      policyID: 'HOM1',
      fakePingResponse: false,
      name: 'n',
    })
    expect(policiesFromPingSchema.parse({ policyID: 'HOM1', fakePingResponse: 'true' }).fakePingResponse).toBe(true)
  })

  it('needs a token unless the fake flag is set, and a policy for the fake', () => {
    expect(policiesFromPingSchema.safeParse({ policyID: 'HOM1' }).error?.issues[0]?.message).toBe('tokenId is required.')
    expect(policiesFromPingSchema.safeParse({ fakePingResponse: true }).error?.issues[0]?.message).toBe('policyID is required.')
  })
})
