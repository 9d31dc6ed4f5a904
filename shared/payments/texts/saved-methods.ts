import { defineTexts } from '../../i18n/catalog'
import type { Locale } from '../../i18n/locale'
import {
  SAVE_LABEL,
  SAVE_NEEDS_STEP_UP,
  SAVED_METHOD_WORDS_EN,
  saveConsentText,
  savedMethodDescriptionWith,
  savedMethodLabelWith,
  savedMethodText,
  type SavedMethodView,
} from '../saved-methods'

/**
 * Saved payment methods in each language (issue 36): how a method is named, the consent to keep one
 * (stored in the language the person read), and the texts around saving. English is the module's own.
 */
export const savedMethodTexts = defineTexts(
  {
    ...SAVED_METHOD_WORDS_EN,
    saveCard: SAVE_LABEL.card,
    saveBank: SAVE_LABEL.bank,
    consentCard: saveConsentText('card'),
    consentBank: saveConsentText('bank'),
    stepUpCard: SAVE_NEEDS_STEP_UP.before('card'),
    stepUpBank: SAVE_NEEDS_STEP_UP.before('bank'),
    stepUpWhy: SAVE_NEEDS_STEP_UP.why,
    stepUpLink: SAVE_NEEDS_STEP_UP.link,
    stepUpAfter: SAVE_NEEDS_STEP_UP.after,
    saved: savedMethodText({ ok: true, label: '{label}' }),
    notSaved: savedMethodText({ ok: false, label: '{label}' }),
    savesPaused: 'Several payment methods were added in a short time, so adding one is paused for now to protect your account. Please try again in {minutes}.',
  },
  {
    card: '{brand} que termina en {last4}',
    bank: 'cuenta de {brand} que termina en {last4}',
    expires: ', vence {expiry}',
    saveCard: 'Guardar esta tarjeta para después',
    saveBank: 'Guardar esta cuenta para después',
    consentCard: [
      'Acepto que ProgHome Insurance guarde esta tarjeta con su procesador de pagos para usarla en pagos futuros de mis pólizas.',
      'El portal guarda solo su tipo, los últimos cuatro dígitos, el vencimiento y el apodo que le doy.',
      'Cada pago con ella es uno que yo hago o programo.',
      'Puedo eliminarla en cualquier momento en Métodos de pago de mi perfil.',
    ].join(' '),
    consentBank: [
      'Acepto que ProgHome Insurance guarde esta cuenta bancaria con su procesador de pagos para usarla en pagos futuros de mis pólizas.',
      'El portal guarda solo el nombre del banco, los últimos cuatro dígitos y el apodo que le doy.',
      'Cada pago desde ella necesita mi autorización, y la cuenta se verifica antes de su primer débito.',
      'Puedo eliminarla en cualquier momento en Métodos de pago de mi perfil.',
    ].join(' '),
    stepUpCard: 'Para guardar esta tarjeta para después, primero confirme que es usted.',
    stepUpBank: 'Para guardar esta cuenta para después, primero confirme que es usted.',
    stepUpWhy:
      'Por su seguridad, una tarjeta o cuenta se guarda solo dentro de los 10 minutos después de iniciar sesión o de confirmar que es usted. Lo que escribió aquí no se guarda.',
    stepUpLink: 'Confirmar que es usted',
    stepUpAfter:
      'por su seguridad, una tarjeta o cuenta se guarda solo dentro de los 10 minutos después de iniciar sesión o de confirmar que es usted. Seleccione Confirmar que es usted en Realizar un pago antes de su próximo pago.',
    saved: 'Su {label} quedó guardada para su próximo pago.',
    notSaved: 'Su método de pago no se guardó: {label}',
    savesPaused:
      'Se agregaron varios métodos de pago en poco tiempo, así que agregar uno está en pausa por ahora para proteger su cuenta. Inténtelo de nuevo en {minutes}.',
  },
)

export function savedMethodDescriptionIn(locale: Locale, m: Pick<SavedMethodView, 'kind' | 'brand' | 'last4'>): string {
  return savedMethodDescriptionWith(savedMethodTexts[locale], m)
}

export function savedMethodLabelIn(locale: Locale, m: SavedMethodView): string {
  return savedMethodLabelWith(savedMethodTexts[locale], m)
}

/** The consent shown beside 'Save this card/account for later', in the language shown (and so stored). */
export function saveConsentTextIn(locale: Locale, kind: 'card' | 'bank'): string {
  const t = savedMethodTexts[locale]
  return kind === 'card' ? t.consentCard : t.consentBank
}
