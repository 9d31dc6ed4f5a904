import { describe, expect, it } from 'vitest'
import { bindParts, DEDUCTIBLE_CREDITS, rate, UNPRICED_DEDUCTIBLE_REFERRAL } from '../../worker/dev/policy-admin/rules'
import type { PolicyContact } from '../../shared/policy/changes/mailing-address'
import type { Deductible } from '../../shared/policy/schemas/coverages'

/** The stand-in's rows for the mailing address (decision 215) and the deductible's stated table (decision 216). */
const home: PolicyContact = {
  address1: '2417 Riverbank Drive',
  address2: '',
  city: 'Sacramento',
  state: 'CA',
  zipCode: '95831',
  email: 'maria@example.com',
  homePhone: '916-555-0123',
}
const moved: PolicyContact = { ...home, address1: '88 Riverside Blvd', city: 'West Sacramento', zipCode: '95691' }

const aop = (amount: number): Deductible => ({ peril: 'All Other Perils', amount })
const wind = (percentOfDwelling: number): Deductible => ({ peril: 'Wind/Hail', percentOfDwelling })
/** The date rate and bindParts take (only the billing plan's rules use it). */
const DAY = '2026-11-28'
const parts = (deductibles: Deductible[]) => ({ deductibles: { deductibles, dwellingLimitCents: 35_000_000 } })

describe('the mailing address', () => {
  it('no premium change, no referral; binding writes the new details', () => {
    const request = { kind: 'mailing-address', change: { action: 'update', contact: moved } } as const
    expect(rate(request, { mailingAddress: home }, DAY)).toEqual({ ok: true, premiumChangeCents: 0, referral: null })
    expect(bindParts(request, { mailingAddress: home }, DAY).mailingAddress).toEqual(moved)
  })

  it('refuses a change that changes nothing', () => {
    expect(
      rate({ kind: 'mailing-address', change: { action: 'update', contact: { ...home, homePhone: '(916) 555-0123' } } }, { mailingAddress: home }, DAY),
    ).toMatchObject({
      ok: false,
    })
  })
})

describe('the deductible', () => {
  it.each([
    ['$1,000 to $2,500', [aop(100_000)], 250_000, null, -11_500],
    ['$1,000 to $500', [aop(100_000)], 50_000, null, 9_500],
    ['$500 to $5,000', [aop(50_000)], 500_000, null, -34_000],
    ['wind/hail 1% to 5%, all other perils kept', [aop(100_000), wind(1)], 100_000, 5, -42_000],
    ['both at once', [aop(50_000), wind(2)], 250_000, 1, -21_000 + 18_000],
  ] as const)('prices %s by the difference of the credits', (_, now, allOtherPerilsCents, pct, want) => {
    const change = { action: 'change' as const, allOtherPerilsCents, windstorm: pct ? { peril: 'Wind/Hail' as const, percentOfDwelling: pct } : null }
    expect(rate({ kind: 'deductible', change }, parts([...now]), DAY)).toEqual({ ok: true, premiumChangeCents: want, referral: null })
  })

  it('states each credit, the lowest deductible none', () => {
    expect(DEDUCTIBLE_CREDITS.allOtherPerils[50_000]).toBe(0)
    expect(DEDUCTIBLE_CREDITS.windstormPercent[1]).toBe(0)
  })

  it('refers a change from a deductible the table does not price (a percentage all other perils, another amount)', () => {
    const change = { action: 'change' as const, allOtherPerilsCents: 100_000, windstorm: null }
    for (const now of [[{ peril: 'All Other Perils', percentOfDwelling: 1 }], [aop(150_000)]] as Deductible[][]) {
      expect(rate({ kind: 'deductible', change }, parts(now), DAY)).toEqual({ ok: true, premiumChangeCents: 0, referral: UNPRICED_DEDUCTIBLE_REFERRAL })
    }
  })

  it('refuses no change, or a windstorm deductible the policy has not', () => {
    expect(rate({ kind: 'deductible', change: { action: 'change', allOtherPerilsCents: 100_000, windstorm: null } }, parts([aop(100_000)]), DAY)).toMatchObject(
      {
        ok: false,
      },
    )
    expect(
      rate(
        { kind: 'deductible', change: { action: 'change', allOtherPerilsCents: 50_000, windstorm: { peril: 'Hurricane', percentOfDwelling: 2 } } },
        parts([aop(100_000), wind(1)]),
        DAY,
      ),
    ).toMatchObject({ ok: false })
  })

  it('binding replaces the all other perils amount and the windstorm percentage, and keeps the others', () => {
    const now = [aop(100_000), { peril: 'Wildfire', amount: 250_000 }, wind(1)] as Deductible[]
    const bound = bindParts(
      { kind: 'deductible', change: { action: 'change', allOtherPerilsCents: 250_000, windstorm: { peril: 'Wind/Hail', percentOfDwelling: 2 } } },
      parts(now),
      DAY,
    )
    expect(bound.deductibles).toEqual({ deductibles: [aop(250_000), { peril: 'Wildfire', amount: 250_000 }, wind(2)], dwellingLimitCents: 35_000_000 })
  })
})
