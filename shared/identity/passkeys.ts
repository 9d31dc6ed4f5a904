/** Ours (issue 23 item 1, decision 181): what a person reads about passkeys. */
export const PASSKEY_MSG = {
  challengeGone: 'That passkey request has expired or was already used. Please try again.',
  notAdded: 'The passkey could not be added. Please try again.',
  alreadyAdded: 'That passkey is already on your profile.',
  unknown: 'That passkey is not on any ProgHome profile. Log in with your password, then add it on Your Profile.',
  notSignedIn: 'We could not sign you in with that passkey. Please try again, or log in with your password.',
  cancelled: 'The passkey request was cancelled or timed out.',
  unsupported: 'This browser cannot use passkeys. Log in with your password.',
  nameRequired: 'Give the passkey a name, for example My phone.',
  nameTooLong: 'The name can be at most 40 characters.',
  added: 'Your passkey was added. You can now log in with it.',
  removed: 'The passkey was removed.',
  removeGone: 'That passkey had already been removed.',
} as const

export const PASSKEY_NAME_MAX = 40

/** A challenge works once, for 5 minutes: long enough to find the phone, short enough to be worthless later. */
export const CHALLENGE_VALID_MS = 5 * 60_000

/** The relying party settings (wrangler.toml vars, decision 181). */
export interface RelyingPartySettings {
  WEBAUTHN_RP_ID: string
  WEBAUTHN_ORIGINS: string
}

/** The relying party from the environment: its id, and the origins a ceremony may come from. */
export function relyingParty(env: RelyingPartySettings): { rpID: string; origins: string[] } {
  return {
    rpID: env.WEBAUTHN_RP_ID,
    origins: env.WEBAUTHN_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  }
}

/** Whether passkeys can work for a page on this host name: the relying party or a host under it. */
export function passkeysWorkAt(env: RelyingPartySettings, host: string): boolean {
  return host === env.WEBAUTHN_RP_ID || host.endsWith(`.${env.WEBAUTHN_RP_ID}`)
}
