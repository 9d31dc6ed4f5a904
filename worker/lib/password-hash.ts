import { scrypt, randomBytes, timingSafeEqual, createHmac } from 'node:crypto'

/**
 * Password hashing with scrypt (node:crypto under nodejs_compat) and a pepper from a secret.
 * The stored string describes its own parameters, so they can be raised and old hashes upgraded at login:
 *   scrypt$N$r$p$saltB64$hashB64
 */
const CURRENT = { N: 16384, r: 8, p: 1, keyLen: 32 }

function derive(password: string, pepper: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  const peppered = createHmac('sha256', pepper).update(password, 'utf8').digest()
  return new Promise((resolve, reject) => {
    scrypt(peppered, salt, CURRENT.keyLen, { N, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key)))
  })
}

/** `salt` is only for deterministic demo data; real callers leave it out. */
export async function hashPassword(password: string, pepper: string, salt?: Uint8Array): Promise<string> {
  const s = salt ? Buffer.from(salt) : randomBytes(16)
  const { N, r, p } = CURRENT
  const key = await derive(password, pepper, s, N, r, p)
  return `scrypt$${N}$${r}$${p}$${s.toString('base64')}$${key.toString('base64')}`
}

export async function verifyPassword(password: string, pepper: string, stored: string): Promise<{ ok: boolean; needsRehash: boolean }> {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return { ok: false, needsRehash: false }
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number]
  const salt = Buffer.from(parts[4]!, 'base64')
  const expected = Buffer.from(parts[5]!, 'base64')
  const key = await derive(password, pepper, salt, N, r, p)
  const ok = key.length === expected.length && timingSafeEqual(key, expected)
  return { ok, needsRehash: ok && (N < CURRENT.N || r !== CURRENT.r || p !== CURRENT.p) }
}

/** A fixed hash to verify against when the account does not exist, so timing does not reveal it. */
export const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='
