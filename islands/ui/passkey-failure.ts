import { PASSKEY_MSG } from '../../shared/identity/passkeys'

/** What a failed ceremony says: cancelled by the person, the server's words, or `fallback`. */
export function passkeyFailure(err: unknown, fallback: string): string {
  if (err instanceof Error && err.name === 'NotAllowedError') return PASSKEY_MSG.cancelled
  return err instanceof Error && err.message ? err.message : fallback
}
