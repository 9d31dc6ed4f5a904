import { describe, expect, it } from 'vitest'
import { confirmPath, stepUpTarget, stepUpTargetPath } from '../../worker/pages/identity/step-up-target'

/**
 * Where Confirm It Is You sends the person back to (decisions 180, 202): a fixed list of pages, some of
 * which carry one value back (the method whose terms were open, the policy being removed), only of its shape.
 */
const query = (q: string) => {
  const params = new URLSearchParams(q)
  return (name: string) => params.get(name) ?? undefined
}
const METHOD = 'pm_abcdefghijklmnopqrstuv'

describe('step-up targets', () => {
  it('round-trips each target through the Confirm It Is You address', () => {
    const cases: [string, string][] = [
      [confirmPath('password'), '/manage-profile?password=1'],
      [confirmPath('profile'), '/manage-profile'],
      [confirmPath('payment-methods'), '/payment-methods'],
      [confirmPath('make-payment'), '/make-payment'],
      [confirmPath('autopay', METHOD), `/automatic-payments?method=${METHOD}`],
      [confirmPath('remove-policy', 'HOM4010001'), '/manage-policies/remove?policyId=HOM4010001'],
    ]
    for (const [confirm, back] of cases) {
      expect(confirm.startsWith('/manage-profile/confirm?next=')).toBe(true)
      expect(stepUpTargetPath(stepUpTarget(query(confirm.split('?')[1]!)))).toBe(back)
    }
  })

  it('never sends anywhere else: an unknown target is Your Profile, a value of another shape is dropped', () => {
    expect(stepUpTargetPath(stepUpTarget(query('next=//evil.example')))).toBe('/manage-profile')
    expect(stepUpTargetPath(stepUpTarget(query('next=__proto__')))).toBe('/manage-profile')
    expect(stepUpTargetPath(stepUpTarget(query('next=autopay&method=https://evil.example')))).toBe('/automatic-payments')
    expect(stepUpTargetPath(stepUpTarget(query('next=remove-policy&policyId=HOM1%26next%3Dx')))).toBe('/manage-policies/remove')
    // A value belongs to its own target only.
    expect(stepUpTargetPath(stepUpTarget(query(`next=payment-methods&method=${METHOD}`)))).toBe('/payment-methods')
    expect(confirmPath('autopay', 'pm_1')).toBe('/manage-profile/confirm?next=autopay')
  })
})
