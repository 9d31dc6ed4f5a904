import { defineTexts } from '../../i18n/catalog'
import { CONVERSATION_TEXT } from '../follow-up/conversation'

/**
 * The conversation with the claims team (decision 208) in both languages (issue 36): the page renders the
 * section with them and passes one language's object to the claim-conversation island as its `texts`.
 */
export const conversationTexts = defineTexts(
  { ...CONVERSATION_TEXT, whatYouWrote: 'What you wrote: ' },
  {
    heading: 'Mensajes con el equipo de reclamos',
    intro: 'Escriba al equipo de reclamos sobre este reclamo. Le contestan aquí, y le avisamos por correo electrónico cuando lo hacen.',
    attachHint: 'Para enviar una foto o un documento con su mensaje, use Enviar un documento en esta página.',
    label: 'Su mensaje',
    send: 'Enviar mensaje',
    sending: 'Enviando…',
    empty: 'Todavía no hay mensajes.',
    you: 'Usted',
    team: 'Equipo de reclamos',
    required: 'Escriba un mensaje.',
    tooLong: 'Su mensaje no debe pasar de 2,000 caracteres.',
    sent: 'Su mensaje se envió al equipo de reclamos.',
    failed: 'Su mensaje no se envió.',
    tryAgain: 'Intentar de nuevo',
    waiting: 'Esperando llegar al equipo de reclamos',
    loadFailed: 'No pudimos cargar los mensajes nuevos. Seguiremos intentando.',
    closed: 'Este reclamo está cerrado. Para preguntar sobre él, llámenos.',
    whatYouWrote: 'Lo que usted escribió: ',
  },
)
