import { formatPhone } from '../../../shared/format'
import type { MailMessage } from './port'

/**
 * The security notices of issue 23 (decision 179). Each says what happened, where, and what to do if it
 * was not you; none carries a link to sign in (a notice that asks for a click teaches people to click
 * on phishing mail).
 */
function notYou(supportPhone: string, what: string): string[] {
  return ['', `If this was not you: ${what}`, `Then call us at ${formatPhone(supportPhone)}.`]
}

const RESET_ADVICE =
  'reset your password with "Forgot your password?" on the login page, and on Your Profile > Where you are signed in, select "Sign out everywhere else".'

export function signInCodeMail(to: string, code: string, validMinutes: number, purpose: 'sign-in' | 'step-up'): MailMessage {
  const why = purpose === 'sign-in' ? 'to finish signing in to ProgHome' : 'to confirm a change to your ProgHome profile'
  return {
    kind: 'sign-in-code',
    to,
    subject: `Your ProgHome code: ${code}`,
    text: [
      `Your code ${why} is:`,
      '',
      code,
      '',
      `It works once, for ${validMinutes} minutes. ProgHome will never call or text you to ask for it.`,
      '',
      'If you did not just try to sign in, someone may know your password: reset it with "Forgot your password?" on the login page.',
    ].join('\n'),
  }
}

export interface SignInFacts {
  device: string
  place: string
  at: string
}

export function newDeviceMail(to: string, f: SignInFacts, supportPhone: string): MailMessage {
  return {
    kind: 'new-device-sign-in',
    to,
    subject: 'New sign-in to your ProgHome profile',
    text: [
      'Your ProgHome policyholder profile was just signed in to from a device it has not been used on before:',
      '',
      `Device: ${f.device}`,
      `Place: ${f.place || 'not known'}`,
      `When: ${f.at}`,
      '',
      'If this was you, there is nothing to do.',
      ...notYou(supportPhone, RESET_ADVICE),
    ].join('\n'),
  }
}

export function twoStepChangedMail(to: string, on: boolean, supportPhone: string): MailMessage {
  return {
    kind: 'two-step-changed',
    to,
    subject: on ? '2-step sign-in is on for your ProgHome profile' : '2-step sign-in was turned off for your ProgHome profile',
    text: [
      on
        ? 'You turned on 2-step sign-in: after your password, we will email you a code to finish signing in.'
        : 'You turned off 2-step sign-in: your password alone now signs you in.',
      ...notYou(supportPhone, RESET_ADVICE),
    ].join('\n'),
  }
}

export function passkeysChangedMail(to: string, change: { added: string } | { removed: string }, supportPhone: string): MailMessage {
  const added = 'added' in change
  return {
    kind: 'passkeys-changed',
    to,
    subject: added ? 'A passkey was added to your ProgHome profile' : 'A passkey was removed from your ProgHome profile',
    text: [
      added
        ? `A passkey named "${change.added}" can now sign in to your ProgHome profile.`
        : `The passkey named "${change.removed}" no longer signs in to your ProgHome profile.`,
      ...notYou(supportPhone, `${RESET_ADVICE} Remove any passkey you do not recognise.`),
    ].join('\n'),
  }
}
