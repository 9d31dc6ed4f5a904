import { formatPhone } from '../../../shared/format'
import type { Locale } from '../../../shared/i18n/locale'
import type { MailMessage } from './port'
import { identityMailTexts } from './identity-mail-texts'

/**
 * The security notices of issue 23 (decision 179), in the language of the profile they are about (issue
 * 36). Each says what happened, where, and what to do if it was not you; none carries a link to sign in
 * (a notice that asks for a click teaches people to click on phishing mail).
 */
function notYou(locale: Locale, supportPhone: string, what: string): string[] {
  const t = identityMailTexts[locale]
  return ['', t.notYou(what), t.callUs(formatPhone(supportPhone))]
}

export function signInCodeMail(to: string, code: string, validMinutes: number, purpose: 'sign-in' | 'step-up', locale: Locale): MailMessage {
  const t = identityMailTexts[locale]
  const why = purpose === 'sign-in' ? t.codeWhySignIn : t.codeWhyStepUp
  return {
    kind: 'sign-in-code',
    to,
    subject: t.codeSubject(code),
    text: [t.codeIntro(why), '', code, '', t.codeWorks(validMinutes), '', t.codeNotYou].join('\n'),
  }
}

export interface SignInFacts {
  device: string
  place: string
  at: string
}

export function newDeviceMail(to: string, f: SignInFacts, supportPhone: string, locale: Locale): MailMessage {
  const t = identityMailTexts[locale]
  return {
    kind: 'new-device-sign-in',
    to,
    subject: t.newDeviceSubject,
    text: [
      t.newDeviceIntro,
      '',
      t.device(f.device),
      t.place(f.place || t.placeNotKnown),
      t.when(f.at),
      '',
      t.wasYou,
      ...notYou(locale, supportPhone, t.resetAdvice),
    ].join('\n'),
  }
}

export function twoStepChangedMail(to: string, on: boolean, supportPhone: string, locale: Locale): MailMessage {
  const t = identityMailTexts[locale]
  return {
    kind: 'two-step-changed',
    to,
    subject: on ? t.twoStepOnSubject : t.twoStepOffSubject,
    text: [on ? t.twoStepOn : t.twoStepOff, ...notYou(locale, supportPhone, t.resetAdvice)].join('\n'),
  }
}

export function passkeysChangedMail(to: string, change: { added: string } | { removed: string }, supportPhone: string, locale: Locale): MailMessage {
  const t = identityMailTexts[locale]
  const added = 'added' in change
  return {
    kind: 'passkeys-changed',
    to,
    subject: added ? t.passkeyAddedSubject : t.passkeyRemovedSubject,
    text: [
      added ? t.passkeyAdded(change.added) : t.passkeyRemoved(change.removed),
      ...notYou(locale, supportPhone, `${t.resetAdvice} ${t.removeUnknownPasskey}`),
    ].join('\n'),
  }
}
