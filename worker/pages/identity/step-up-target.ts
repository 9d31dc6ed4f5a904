import { pathOf } from '../../../shared/routes'
import { POLICY_NUMBER } from '../../../shared/policy/policy-number'
import { SAVED_METHOD_ID } from '../../../shared/payments/saved-methods'

interface TargetSpec {
  path: string
  carries?: { name: string; shape: RegExp }
}

/**
 * Where 'Confirm it is you' goes back to once the code is right: a fixed list, so the page can never be
 * used to send someone to another address. A target may carry one value back (the method whose terms
 * were open, the policy being removed), taken only when it has that value's shape.
 */
const TARGETS = {
  password: { path: `${pathOf('ManageProfile')}?password=1` },
  profile: { path: pathOf('ManageProfile') },
  'two-step': { path: pathOf('TwoStepSignIn') },
  passkeys: { path: pathOf('Passkeys') },
  'payment-methods': { path: pathOf('PaymentMethods') },
  'make-payment': { path: pathOf('MakePayment') },
  autopay: { path: pathOf('AutoPay'), carries: { name: 'method', shape: SAVED_METHOD_ID } },
  'claim-payout': { path: pathOf('ClaimPayout'), carries: { name: 'claim', shape: /^[A-Z]{2}-\d{4}-\d{6}$/ } },
  'policy-change': { path: pathOf('ReviewPolicyChange'), carries: { name: 'change', shape: /^pc_[0-9a-f-]{36}$/ } },
  'remove-policy': { path: pathOf('ConfirmRemovePolicy'), carries: { name: 'policyId', shape: POLICY_NUMBER } },
} as const satisfies Record<string, TargetSpec>

type StepUpTargetName = keyof typeof TARGETS

const specOf = (name: StepUpTargetName): TargetSpec => TARGETS[name]

/** A validated target: its name, and the value it carries back when it has one. */
export interface StepUpTarget {
  name: StepUpTargetName
  value?: string
}

/** The target a query names (Your Profile for anything else); a carried value of another shape is dropped. */
export function stepUpTarget(query: (name: string) => string | undefined): StepUpTarget {
  const next = query('next')
  const name: StepUpTargetName = next && Object.hasOwn(TARGETS, next) ? (next as StepUpTargetName) : 'profile'
  const { carries } = specOf(name)
  const value = carries ? query(carries.name) : undefined
  return value !== undefined && carries?.shape.test(value) ? { name, value } : { name }
}

/** The carried value as a query parameter ('&method=pm_...'), or nothing (none, or not of its shape). */
function carried(target: StepUpTarget, separator: '?' | '&'): string {
  const { carries } = specOf(target.name)
  return carries && target.value && carries.shape.test(target.value) ? `${separator}${carries.name}=${target.value}` : ''
}

/** Where the person goes back to, to finish the change. */
export function stepUpTargetPath(target: StepUpTarget): string {
  const { path } = specOf(target.name)
  return `${path}${carried(target, path.includes('?') ? '&' : '?')}`
}

/** Confirm It Is You, naming where to go back to (and what to carry back, when the target takes a value). */
export function confirmPath(name: StepUpTargetName, value?: string): string {
  const target = value === undefined ? { name } : { name, value }
  return `${pathOf('ConfirmItIsYou')}?next=${name}${carried(target, '&')}`
}
