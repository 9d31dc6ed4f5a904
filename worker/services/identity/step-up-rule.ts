import type { Session } from './session'
import { needsStepUp } from '../../../shared/identity/sign-in-code'

/**
 * Step-up (issue 23 item 3, decision 180; issue 31 item 2, decision 202), the one rule for every
 * sensitive change: the password, the user name or email address, turning 2-step sign-in off, adding a
 * passkey, saving a card or bank account, making a method the default, turning automatic payments on or
 * moving them to another method, unlinking a policy. A session whose person last proved it more than 10
 * minutes ago (the system clock, like the session itself) must prove it again, with a mailed code or a
 * passkey, before the change. It comes on top of the current password (decision 130), which proves
 * knowledge, not that it is still them.
 */
export function stepUpRequired(session: Pick<Session, 'verifiedAt'>, now = Date.now()): boolean {
  return needsStepUp(session.verifiedAt, now)
}

/**
 * Your Profile and PUT /v1/profile: a change of the user name or the email address (each compared as it
 * is matched, case aside) is sensitive; saving them as they are is not.
 */
export function profileChangeNeedsStepUp(
  session: Pick<Session, 'verifiedAt'>,
  current: { userName: string; emailAddress: string },
  next: { userName: string; emailAddress: string },
  now = Date.now(),
): boolean {
  const changed = (a: string, b: string) => a.toLowerCase() !== b.toLowerCase()
  return stepUpRequired(session, now) && (changed(current.userName, next.userName) || changed(current.emailAddress, next.emailAddress))
}
