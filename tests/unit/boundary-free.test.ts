import { describe, expect, it } from 'vitest'
import { boundaryFree } from '../../worker/services/idempotency/boundary-free'

/** A form as a client sends it: its body bytes, with the random boundary the runtime picks each time. */
async function encoded(parts: [string, string | File][]): Promise<Uint8Array> {
  const form = new FormData()
  for (const [name, value] of parts) form.append(name, value)
  return new Uint8Array(await new Response(form).arrayBuffer())
}

const claim: [string, string | File][] = [
  ['claimSubmission', '{"policyId":"HOM4020001"}'],
  ['file', new File([new TextEncoder().encode('%PDF-1.7 copy')], 'claim.pdf', { type: 'application/pdf' })],
]

describe('boundaryFree: a multipart body as the idempotency layer hashes it (decision 218)', () => {
  it('the same parts encoded twice (two random boundaries) hash alike', async () => {
    const [a, b] = [await encoded(claim), await encoded(claim)]
    expect(a).not.toEqual(b)
    expect(boundaryFree(a)).toEqual(boundaryFree(b))
  })

  it('other parts, or the same parts with other bytes, still differ', async () => {
    const other: [string, string | File][] = [claim[0]!, ['file', new File([new TextEncoder().encode('%PDF-1.7 another')], 'claim.pdf')]]
    expect(boundaryFree(await encoded(other))).not.toEqual(boundaryFree(await encoded(claim)))
    expect(boundaryFree(await encoded([claim[0]!]))).not.toEqual(boundaryFree(await encoded(claim)))
  })

  it('a body that does not open with a boundary line (JSON, a short or dashed text) is hashed as it is', () => {
    for (const text of ['{"claimSubmission":{}}', '--', '--\r\n', `--${'x'.repeat(71)}\r\n`]) {
      const body = new TextEncoder().encode(text)
      expect(boundaryFree(body)).toBe(body)
    }
  })
})
