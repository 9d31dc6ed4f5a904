import { defineTexts } from '../../../shared/i18n/catalog'

/**
 * The words of the portal's text messages in each language (issue 36): written when the text is queued,
 * in the person's language, so a retry sends the same words. Short, to fit one segment where they can;
 * STOP stays as carriers read it.
 */
export const smsTexts = defineTexts(
  {
    phoneCode: (code: string) => `ProgHome: your code is ${code}. It works for 10 minutes. If you did not ask for it, ignore this text.`,
    paymentReminder: (subject: string, portalUrl: string) => `ProgHome: ${subject}. Pay: ${portalUrl}/ Reply STOP to stop texts.`,
  },
  {
    phoneCode: (code) => `ProgHome: su código es ${code}. Sirve por 10 minutos. Si usted no lo pidió, ignore este mensaje.`,
    paymentReminder: (subject, portalUrl) => `ProgHome: ${subject}. Pague en: ${portalUrl}/ Responda STOP para no recibir más mensajes.`,
  },
)
