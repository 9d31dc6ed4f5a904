import { SEND_PROOF_TEXTS } from './send-proof'
import { PAPERLESS_MSG } from '../paperless/consent'
import { ESIGN_MSG } from '../esign/schemas/esign'
import type { SpanishMessages } from '../i18n/catalog'

/**
 * The policy area's validation messages in Spanish (issue 36), from the English the schemas keep. Typed
 * as a plain record, not SpanishMessages: shared/i18n/messages.ts imports this file, so importing it back
 * would be a cycle.
 */
export const POLICY_MESSAGES_ES: SpanishMessages = {
  [SEND_PROOF_TEXTS.en.emailRequired]: SEND_PROOF_TEXTS.es.emailRequired,
  [SEND_PROOF_TEXTS.en.emailInvalid]: SEND_PROOF_TEXTS.es.emailInvalid,
  [PAPERLESS_MSG.agreeRequired]: 'Marque la casilla para aceptar recibir sus documentos electrónicamente.',
  [PAPERLESS_MSG.codeRequired]: 'Escriba el código impreso en el PDF de muestra.',
  [PAPERLESS_MSG.codeWrong]: 'Ese no es el código del PDF de muestra. Abra de nuevo el PDF de muestra y escriba el código que muestra.',
  [PAPERLESS_MSG.codeNotOpened]: 'Primero abra el PDF de muestra y luego escriba el código que muestra.',
  [PAPERLESS_MSG.codeTriesUsed]: 'Ese código se escribió mal demasiadas veces. Abra de nuevo el PDF de muestra: muestra un código nuevo para escribir.',
  [ESIGN_MSG.initialsRequired]: 'Las iniciales son obligatorias',
  [ESIGN_MSG.termsRequired]: 'Marque la casilla para aceptar los términos y condiciones antes de continuar.',
  [ESIGN_MSG.signatureRequired]: 'La firma del solicitante es obligatoria.',
  [PAPERLESS_MSG.versionChanged]: 'Esta información se actualizó mientras usted la leía. Léala de nuevo abajo antes de aceptar.',
}
