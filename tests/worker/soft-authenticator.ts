import { base64url } from 'jose'

/**
 * A software authenticator for the worker tests (decision 181): a P-256 key, 'none' attestation, user
 * present and verified. It answers WebAuthn options as a browser and an authenticator would, so the
 * server's real verification (@simplewebauthn/server) runs on what it makes.
 */

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>

function head(major: number, n: number): number[] {
  if (n < 24) return [(major << 5) | n]
  if (n < 256) return [(major << 5) | 24, n]
  return [(major << 5) | 25, n >> 8, n & 255]
}

/** Just enough CBOR (RFC 8949) for an attestation object and a COSE key. */
function cbor(v: Cbor): number[] {
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v)
  if (typeof v === 'string') {
    const bytes = new TextEncoder().encode(v)
    return [...head(3, bytes.length), ...bytes]
  }
  if (v instanceof Uint8Array) return [...head(2, v.length), ...v]
  return [...head(5, v.size), ...[...v].flatMap(([k, val]) => [...cbor(k), ...cbor(val)])]
}

const concat = (...parts: (Uint8Array | number[])[]) => new Uint8Array(parts.flatMap((p) => [...p]))
const sha256 = async (data: Uint8Array) => new Uint8Array(await crypto.subtle.digest('SHA-256', data))
const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]

/** ECDSA's raw r||s as the DER sequence WebAuthn carries. */
function der(raw: Uint8Array): Uint8Array {
  const int = (b: Uint8Array) => {
    let i = 0
    while (i < b.length - 1 && b[i] === 0) i += 1
    const trimmed = b.slice(i)
    const body = trimmed[0]! & 0x80 ? concat([0], trimmed) : trimmed
    return concat([0x02, body.length], body)
  }
  const seq = concat(int(raw.slice(0, 32)), int(raw.slice(32)))
  return concat([0x30, seq.length], seq)
}

export interface SoftPasskey {
  credentialId: Uint8Array
  keys: CryptoKeyPair
  counter: number
  userHandle: string
}

export async function newSoftPasskey(): Promise<SoftPasskey> {
  const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair
  return { credentialId: crypto.getRandomValues(new Uint8Array(16)), keys, counter: 0, userHandle: '' }
}

const clientData = (type: string, challenge: string, origin: string) =>
  new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }))

/** navigator.credentials.create's answer, as @simplewebauthn/browser sends it. */
export async function registrationResponse(p: SoftPasskey, options: { challenge: string; rp: { id: string }; user: { id: string } }, origin: string) {
  p.userHandle = options.user.id
  const jwk = (await crypto.subtle.exportKey('jwk', p.keys.publicKey)) as JsonWebKey
  const cose = new Map<Cbor, Cbor>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, base64url.decode(jwk.x!)],
    [-3, base64url.decode(jwk.y!)],
  ])
  const attested = concat(new Uint8Array(16), [p.credentialId.length >> 8, p.credentialId.length & 255], p.credentialId, cbor(cose))
  const authData = concat(await sha256(new TextEncoder().encode(options.rp.id)), [0x45], u32(p.counter), attested)
  const attestationObject = new Uint8Array(
    cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    ),
  )
  const id = base64url.encode(p.credentialId)
  return {
    id,
    rawId: id,
    type: 'public-key' as const,
    clientExtensionResults: {},
    response: {
      clientDataJSON: base64url.encode(clientData('webauthn.create', options.challenge, origin)),
      attestationObject: base64url.encode(attestationObject),
      transports: ['internal' as const],
    },
  }
}

/** navigator.credentials.get's answer for a challenge, signed by the passkey. */
export async function authenticationResponse(p: SoftPasskey, options: { challenge: string; rpId: string }, origin: string) {
  p.counter += 1
  const authData = concat(await sha256(new TextEncoder().encode(options.rpId)), [0x05], u32(p.counter))
  const client = clientData('webauthn.get', options.challenge, origin)
  const raw = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, p.keys.privateKey, concat(authData, await sha256(client))))
  const id = base64url.encode(p.credentialId)
  return {
    id,
    rawId: id,
    type: 'public-key' as const,
    clientExtensionResults: {},
    response: {
      clientDataJSON: base64url.encode(client),
      authenticatorData: base64url.encode(authData),
      signature: base64url.encode(der(raw)),
      userHandle: p.userHandle,
    },
  }
}
