import { pathOf } from '../../../shared/routes'

/**
 * Where 'Confirm it is you' goes back to once the code is right: a fixed list, so the page can never be
 * used to send someone to another address.
 */
const TARGETS = {
  password: `${pathOf('ManageProfile')}?password=1`,
  profile: pathOf('ManageProfile'),
  'two-step': pathOf('TwoStepSignIn'),
  passkeys: pathOf('Passkeys'),
} as const

export type StepUpTarget = keyof typeof TARGETS

/** The target a query names, or Your Profile for anything else. */
export function stepUpTarget(next: string | undefined): StepUpTarget {
  return next && Object.hasOwn(TARGETS, next) ? (next as StepUpTarget) : 'profile'
}

export function stepUpTargetPath(next: StepUpTarget): string {
  return TARGETS[next]
}

export function confirmPath(next: StepUpTarget): string {
  return `${pathOf('ConfirmItIsYou')}?next=${next}`
}
