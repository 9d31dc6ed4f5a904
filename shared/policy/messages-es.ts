import type { SpanishMessages } from '../i18n/messages'
import { SEND_PROOF_TEXTS } from './send-proof'

/** The policy area's validation messages in Spanish (issue 36), from the English the schemas keep. */
export const POLICY_MESSAGES_ES: SpanishMessages = {
  [SEND_PROOF_TEXTS.en.emailRequired]: SEND_PROOF_TEXTS.es.emailRequired,
  [SEND_PROOF_TEXTS.en.emailInvalid]: SEND_PROOF_TEXTS.es.emailInvalid,
}
