import { defineTexts } from '../../../../shared/i18n/catalog'
import { CHANNEL_WORDS, KIND_WORDS, stoppedWords, TEXT_CONSENTS } from '../../../../shared/notifications/preferences'

/**
 * Notifications (issue 32 item 5, decision 209). The English of the kinds, the channels and the consent
 * is the rules' own (shared/notifications/preferences.ts). The consent keeps its version in Spanish: the
 * same agreement, in the language the person reads the page in.
 */
export const notificationsTexts = defineTexts(
  {
    heading: 'Notifications',
    choicesHeading: 'What we tell you, and how',
    claimUpdatesLabel: KIND_WORDS['claim-updates'].label,
    claimUpdatesAbout: KIND_WORDS['claim-updates'].about,
    paymentsLabel: KIND_WORDS.payments.label,
    paymentsAbout: KIND_WORDS.payments.about,
    securityLabel: KIND_WORDS.security.label,
    securityAbout: KIND_WORDS.security.about,
    email: CHANNEL_WORDS.email,
    text: CHANNEL_WORDS.text,
    alwaysOn: ' (always on)',
    saveChoices: 'Save choices',
    phoneHeading: 'Your mobile number',
    textsGoTo: (phone: string, verified: string) => `Texts go to ${phone}, verified on ${verified}.`,
    noPhone: 'No mobile number yet. Add one to get text messages.',
    stopped: stoppedWords,
    enterCodeTo: (phone: string) => `Enter the code we texted to ${phone}`,
    enterCode: 'Enter the code we texted',
    verify: 'Verify number',
    sendToNumber: 'Send a code to a number',
    addNumber: 'Add a mobile number',
    mobileNumber: 'Mobile number *',
    mobileNumberSummary: 'Mobile number',
    agreementSummary: 'Agreement',
    phoneHint: 'A US mobile number, for example (512) 555-0142. We text it a 6-digit code.',
    consent: TEXT_CONSENTS.en.text,
    sendCode: 'Send a code',
  },
  {
    heading: 'Notificaciones',
    choicesHeading: 'Qué le avisamos, y cómo',
    claimUpdatesLabel: 'Novedades de reclamos',
    claimUpdatesAbout: 'Un ajustador asignado, documentos solicitados, una inspección, un pago, un reclamo cerrado.',
    paymentsLabel: 'Pagos por vencer y recordatorios',
    paymentsAbout: 'Un pago que vence pronto o que está vencido. Los recibos y los avisos de pagos automáticos siempre llegan por correo electrónico.',
    securityLabel: 'Alertas de seguridad',
    securityAbout:
      'Códigos para iniciar sesión, un dispositivo nuevo, un cambio de contraseña o de correo electrónico: siempre por correo electrónico, nunca por mensaje de texto.',
    email: 'Correo electrónico',
    text: 'Mensaje de texto',
    alwaysOn: ' (siempre activado)',
    saveChoices: 'Guardar opciones',
    phoneHeading: 'Su número de celular',
    textsGoTo: (phone, verified) => `Los mensajes de texto van al ${phone}, verificado el ${verified}.`,
    noPhone: 'Todavía no hay un número de celular. Agregue uno para recibir mensajes de texto.',
    stopped: (word, at) =>
      `Los mensajes de texto están desactivados: usted respondió ${word} a uno de nuestros mensajes el ${at}. Para volver a recibirlos, verifique su número de nuevo abajo.`,
    enterCodeTo: (phone) => `Ingrese el código que enviamos por mensaje de texto al ${phone}`,
    enterCode: 'Ingrese el código que enviamos por mensaje de texto',
    verify: 'Verificar el número',
    sendToNumber: 'Enviar un código a un número',
    addNumber: 'Agregar un número de celular',
    mobileNumber: 'Número de celular *',
    mobileNumberSummary: 'Número de celular',
    agreementSummary: 'Aceptación',
    phoneHint: 'Un número de celular de EE. UU., por ejemplo (512) 555-0142. Le enviaremos un código de 6 dígitos por mensaje de texto.',
    consent: TEXT_CONSENTS.es.text,
    sendCode: 'Enviar un código',
  },
)
