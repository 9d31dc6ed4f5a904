import { describe, expect, it } from 'vitest'
import { claimAddress, claimLink, claimReferenceOf } from '../../shared/claims/claim-address'
import { internalReturnPath } from '../../shared/identity/return-path'
import { claimFollowUpOf, claimFollowUpSchema } from '../../shared/claims/follow-up/reported-follow-up'
import { paidCents } from '../../shared/claims/follow-up/amount-paid'

describe("a claim's one address (issue 32 item 3)", () => {
  it('takes the claim number or the claims team number, in any case, and nothing else', () => {
    expect(claimReferenceOf('ho-2026-000042')).toBe('HO-2026-000042')
    expect(claimReferenceOf('CLM-1A2B3C4D')).toBe('CLM-1A2B3C4D')
    for (const bad of ['', '-HO', 'HO 2026', 'HO/2026', '../x', 'a'.repeat(65), 'HO%2F1', '<b>']) expect(claimReferenceOf(bad), bad).toBeNull()
  })

  it('is /claims/{number} on the site, absolute on the portal base URL in a mail', () => {
    expect(claimAddress('HO-2026-000042')).toBe('/claims/HO-2026-000042')
    expect(claimLink('https://portal.proghome.example/', 'HO-2026-000042')).toBe('https://portal.proghome.example/claims/HO-2026-000042')
  })
})

describe('the return path after sign-in is a path of this site only', () => {
  it.each(['/claims/HO-2026-000042', '/claims-history/HO-2026-000042', '/account-home', '/policy-information?x=1'])('keeps %s', (path) => {
    expect(internalReturnPath(path)).toBe(path)
  })

  it.each([
    ['another origin', 'https://evil.example/claims/x'],
    ['scheme-relative', '//evil.example/claims/x'],
    ['backslash', '/\\evil.example'],
    ['backslash later', '/claims/\\\\evil.example'],
    ['javascript', 'javascript:alert(1)'],
    ['no leading slash', 'claims/HO-2026-000042'],
    ['a space', '/claims/HO 1'],
    ['a tab', '/\t/evil.example'],
    ['a line break', '/claims/x\r\nSet-Cookie: a=b'],
    ['a control character', '/claims/x\u0000'],
    ['a look-alike letter', '/clаims/x'],
    ['the login page (a loop)', '/'],
    ['log out', '/Logout'],
    ['a path no route owns', '/no-such-page'],
    ['too long', `/claims/${'A'.repeat(400)}`],
    ['empty', ''],
  ])('refuses %s', (_, path) => {
    expect(internalReturnPath(path)).toBeNull()
  })

  it('refuses what is not a text', () => {
    expect(internalReturnPath(null)).toBeNull()
    expect(internalReturnPath(undefined)).toBeNull()
  })
})

describe("the report's success follow-up (issue 32 item 6)", () => {
  const repair = { name: '', serviceType: '', assignNationalVendor: 'no', serviceOptions: [] as number[] }

  it('confirms a National Vendor with its services, a repair company, and the mitigation lines the form adds', () => {
    const f = claimFollowUpOf('HO-2026-000042', {
      emergencyRepair: { name: 'Acme Roofing', serviceType: 'Roof Tarping', assignNationalVendor: 'yes', serviceOptions: [4, 1] },
      mitigationComment: 'Water Mitigation Requested\nRoof Tarping Mitigation Requested\nsomething typed',
    })
    expect(f).toEqual({
      claimNumber: 'HO-2026-000042',
      vendorServices: [4, 1],
      repairCompany: 'Acme Roofing',
      repairService: 'Roof Tarping',
      mitigation: [1, 4],
    })
    expect(claimFollowUpSchema.parse(f)).toEqual(f)
  })

  it('says nothing about emergency help when none was asked for', () => {
    expect(claimFollowUpOf('FL-2026-000001', { emergencyRepair: repair })).toEqual({
      claimNumber: 'FL-2026-000001',
      vendorServices: [],
      repairCompany: '',
      repairService: '',
      mitigation: [],
    })
  })
})

describe('what was paid on a claim', () => {
  it.each([
    ['payment events only', null, 845000, 845000],
    ['nothing anywhere', null, null, 0],
    ['the record only', 250000, null, 250000],
    ['both: the larger, never the two added', 250000, 845000, 845000],
    ['the record ahead of the events', 900000, 845000, 900000],
  ] as const)('%s', (_, record, events, paid) => {
    expect(paidCents(record, events)).toBe(paid)
  })
})
