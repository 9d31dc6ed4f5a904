import { z } from 'zod'
import { PASSKEY_MSG, PASSKEY_NAME_MAX } from '../passkeys'

/**
 * The bodies of the passkey operations (decision 181). The browser's WebAuthn answer is checked by
 * @simplewebauthn/server; here only its shape and size, so nothing large or odd reaches it.
 */
const b64 = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/)
const challengeId = z.string().regex(/^[a-p]{32}$/, { error: PASSKEY_MSG.challengeGone })

const credentialBase = {
  id: b64,
  rawId: b64,
  type: z.literal('public-key'),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
}

const registrationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64,
    attestationObject: b64,
    authenticatorData: b64.optional(),
    transports: z
      .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
      .max(7)
      .optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64.optional(),
  }),
})

const authenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({ clientDataJSON: b64, authenticatorData: b64, signature: b64, userHandle: b64.optional() }),
})

export const addPasskeySchema = z.object({
  challengeId,
  name: z.string().trim().min(1, { error: PASSKEY_MSG.nameRequired }).max(PASSKEY_NAME_MAX, { error: PASSKEY_MSG.nameTooLong }),
  response: registrationResponseSchema,
})

export const passkeySignInSchema = z.object({ challengeId, response: authenticationResponseSchema })
