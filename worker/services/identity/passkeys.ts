import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { base64url } from 'jose'
import type { Env } from '../../env'
import { findProfile } from '../../db/identity/profiles'
import {
  consumeChallenge,
  deletePasskeyStatement,
  findPasskey,
  insertChallenge,
  insertPasskeyStatement,
  passkeysOf,
  passkeyUsedStatement,
  type ChallengePurpose,
} from '../../db/identity/passkeys'
import { MAIL_CHANNEL } from '../outbox/send-mail'
import { passkeysChangedMail } from '../../integrations/mail/security-templates'
import { CHALLENGE_VALID_MS, PASSKEY_MSG, relyingParty } from '../../../shared/identity/passkeys'
import { enqueue, kickDrain, type Background } from '../outbox/outbox'
import { auditStatement } from '../../db/audit'
import { randomLetters } from '../../lib/random-token'
import { log } from '../../lib/log'

const RP_NAME = 'ProgHome'

async function newChallenge(env: Env, purpose: ChallengePurpose, challenge: string, profileId: string | null, sessionId: string | null): Promise<string> {
  const challengeId = randomLetters(16)
  const now = Date.now()
  await insertChallenge(env.DB, { challengeId, purpose, profileId, sessionId, challenge, now, expiresAt: now + CHALLENGE_VALID_MS })
  return challengeId
}

export interface Ceremony<T> {
  challengeId: string
  options: T
}

/** Options to create a passkey for the profile, bound to the session asking (step-up is the caller's). */
export async function registrationOptions(env: Env, profileId: string, sessionId: string): Promise<Ceremony<PublicKeyCredentialCreationOptionsJSON> | null> {
  const profile = await findProfile(env.DB, profileId)
  if (!profile) return null
  const existing = await passkeysOf(env.DB, profileId)
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty(env).rpID,
    userName: profile.user_name,
    userID: new Uint8Array(new TextEncoder().encode(profileId)),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: JSON.parse(p.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  })
  return { challengeId: await newChallenge(env, 'register', options.challenge, profileId, sessionId), options }
}

export type AddResult = { ok: true; name: string } | { ok: false; errorMessage: string }

/**
 * Stores the passkey the browser created, once its response proves the challenge this session was given
 * (used up here, whatever the outcome), the origin and the relying party. The passkey, the notice to the
 * owner and the audit line are one batch.
 */
export async function addPasskey(
  env: Env,
  profileId: string,
  sessionId: string,
  input: { challengeId: string; name: string; response: RegistrationResponseJSON },
  meta: { requestId: string; background: Background | null },
): Promise<AddResult> {
  const now = Date.now()
  const challenge = await consumeChallenge(env.DB, input.challengeId, 'register', sessionId, now)
  if (!challenge || challenge.profile_id !== profileId) return { ok: false, errorMessage: PASSKEY_MSG.challengeGone }
  const { rpID, origins } = relyingParty(env)
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>
  try {
    verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: origins,
      expectedRPID: rpID,
      requireUserVerification: true,
    })
  } catch (err) {
    log('warn', 'passkey registration refused', { requestId: meta.requestId, error: String(err).slice(0, 200) })
    return { ok: false, errorMessage: PASSKEY_MSG.notAdded }
  }
  if (!verified.verified) return { ok: false, errorMessage: PASSKEY_MSG.notAdded }
  const { credential } = verified.registrationInfo
  if (await findPasskey(env.DB, credential.id)) return { ok: false, errorMessage: PASSKEY_MSG.alreadyAdded }
  const profile = await findProfile(env.DB, profileId)
  if (!profile) return { ok: false, errorMessage: PASSKEY_MSG.notAdded }
  await env.DB.batch([
    insertPasskeyStatement(env.DB, {
      credential_id: credential.id,
      profile_id: profileId,
      name: input.name,
      public_key: base64url.encode(credential.publicKey),
      counter: credential.counter,
      transports: JSON.stringify(credential.transports ?? []),
      created_at: now,
    }),
    enqueue(env.DB, {
      channel: MAIL_CHANNEL,
      payload: passkeysChangedMail(profile.email_address, { added: input.name }, env.SUPPORT_PHONE, profile.language),
      dedupeKey: `mail:passkey-added:${credential.id}`,
      at: now,
    }),
    auditStatement(env, meta.requestId, 'passkey.added', profileId),
  ])
  await kickDrain(env, meta.background, { channels: [MAIL_CHANNEL] })
  return { ok: true, name: input.name }
}

/** Removes a passkey of the profile and tells the owner. Whether one was removed. */
export async function removePasskey(
  env: Env,
  profileId: string,
  credentialId: string,
  meta: { requestId: string; background: Background | null },
): Promise<boolean> {
  const passkey = await findPasskey(env.DB, credentialId)
  const profile = await findProfile(env.DB, profileId)
  if (!passkey || passkey.profile_id !== profileId || !profile) return false
  const now = Date.now()
  await env.DB.batch([
    deletePasskeyStatement(env.DB, profileId, credentialId),
    enqueue(env.DB, {
      channel: MAIL_CHANNEL,
      payload: passkeysChangedMail(profile.email_address, { removed: passkey.name }, env.SUPPORT_PHONE, profile.language),
      dedupeKey: `mail:passkey-removed:${credentialId}:${now}`,
      at: now,
    }),
    auditStatement(env, meta.requestId, 'passkey.removed', profileId),
  ])
  await kickDrain(env, meta.background, { channels: [MAIL_CHANNEL] })
  return true
}

/** Options for a sign-in with any passkey of this site (discoverable: the browser offers the ones it has). */
export async function signInOptions(env: Env): Promise<Ceremony<PublicKeyCredentialRequestOptionsJSON>> {
  const options = await generateAuthenticationOptions({ rpID: relyingParty(env).rpID, userVerification: 'required' })
  return { challengeId: await newChallenge(env, 'sign-in', options.challenge, null, null), options }
}

export type PasskeyCheck = { ok: true; profileId: string } | { ok: false; errorMessage: string }

/**
 * Checks a passkey's answer to a challenge (used up here, whatever the outcome): a passkey stored here
 * (of `profileId`, for a step-up), its owner's user handle, a valid signature with user verification,
 * and a counter that did not go back. Its counter and last use are written. `sessionId`: a step-up's
 * challenge must be the one this session was given.
 */
async function checkAssertion(
  env: Env,
  purpose: 'sign-in' | 'step-up',
  challengeId: string,
  response: AuthenticationResponseJSON,
  owner: { profileId: string; sessionId: string } | null,
  requestId: string,
): Promise<PasskeyCheck> {
  const now = Date.now()
  const challenge = await consumeChallenge(env.DB, challengeId, purpose, owner?.sessionId ?? null, now)
  if (!challenge) return { ok: false, errorMessage: PASSKEY_MSG.challengeGone }
  const passkey = await findPasskey(env.DB, response.id)
  if (!passkey || (owner && passkey.profile_id !== owner.profileId)) return { ok: false, errorMessage: PASSKEY_MSG.unknown }
  const handle = response.response.userHandle
  if (handle && new TextDecoder().decode(base64url.decode(handle)) !== passkey.profile_id) return { ok: false, errorMessage: PASSKEY_MSG.unknown }
  const { rpID, origins } = relyingParty(env)
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: origins,
      expectedRPID: rpID,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(base64url.decode(passkey.public_key)),
        counter: passkey.counter,
        transports: JSON.parse(passkey.transports),
      },
      requireUserVerification: true,
    })
    if (!verified.verified) return { ok: false, errorMessage: PASSKEY_MSG.notSignedIn }
    await passkeyUsedStatement(env.DB, passkey.credential_id, verified.authenticationInfo.newCounter, now).run()
  } catch (err) {
    log('warn', 'passkey assertion refused', { requestId, purpose, error: String(err).slice(0, 200) })
    return { ok: false, errorMessage: PASSKEY_MSG.notSignedIn }
  }
  return { ok: true, profileId: passkey.profile_id }
}

/** A passkey sign-in's answer (any passkey stored here). */
export function checkPasskey(env: Env, challengeId: string, response: AuthenticationResponseJSON, requestId: string): Promise<PasskeyCheck> {
  return checkAssertion(env, 'sign-in', challengeId, response, null, requestId)
}

/** Options for a step-up with one of the profile's own passkeys (decision 180), bound to the session; null without passkeys. */
export async function stepUpOptions(env: Env, profileId: string, sessionId: string): Promise<Ceremony<PublicKeyCredentialRequestOptionsJSON> | null> {
  const passkeys = await passkeysOf(env.DB, profileId)
  if (passkeys.length === 0) return null
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(env).rpID,
    userVerification: 'required',
    allowCredentials: passkeys.map((p) => ({ id: p.credential_id, transports: JSON.parse(p.transports) })),
  })
  return { challengeId: await newChallenge(env, 'step-up', options.challenge, profileId, sessionId), options }
}

/** A step-up's answer: one of the profile's passkeys, to this session's challenge. */
export function checkStepUpPasskey(
  env: Env,
  owner: { profileId: string; sessionId: string },
  challengeId: string,
  response: AuthenticationResponseJSON,
  requestId: string,
): Promise<PasskeyCheck> {
  return checkAssertion(env, 'step-up', challengeId, response, owner, requestId)
}
