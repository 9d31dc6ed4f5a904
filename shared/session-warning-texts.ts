import { defineTexts } from './i18n/catalog'

/**
 * The session-timeout warning's texts (spec 000 section 4, issue 36). The worker hands the page's
 * language to the timer as JSON beside its form (worker/render/session-timer.tsx); the timer's script
 * imports only the type, so neither the catalog nor the other language ships to the browser. Values
 * are templates for fill(): '{n} minutes'.
 */
export const sessionWarningTexts = defineTexts(
  {
    title: 'Your session is about to expire',
    body: 'For your security, you will be logged out in',
    continue: 'Continue',
    logOut: 'Log Out',
    minute: '{n} minute',
    minutes: '{n} minutes',
    second: '{n} second',
    seconds: '{n} seconds',
    join: ' ',
  },
  {
    title: 'Su sesión está por vencer',
    body: 'Por su seguridad, su sesión se cerrará en',
    continue: 'Continuar',
    logOut: 'Cerrar sesión',
    minute: '{n} minuto',
    minutes: '{n} minutos',
    second: '{n} segundo',
    seconds: '{n} segundos',
    join: ' y ',
  },
)

export type SessionWarningTexts = (typeof sessionWarningTexts)['en']
