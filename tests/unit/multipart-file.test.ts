import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { readFileForm } from '../../worker/services/request/multipart-file'

/**
 * The streamed one-file form (decision 184): the fields before the file, then the file's exact bytes,
 * however the body is cut into chunks; an ending other than the browsers' refuses the whole file.
 */
const B = 'xYz0Boundary'
const enc = (s: string) => new TextEncoder().encode(s)

function body(file: Uint8Array, ending = `\r\n--${B}--\r\n`, fields: Record<string, string> = { _once: 'tok.mac' }, name = 'photo.jpg'): Uint8Array {
  const head = Object.entries(fields)
    .map(([k, v]) => `--${B}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('')
  const parts = [enc(`${head}--${B}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`), file, enc(ending)]
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** A request whose body arrives in chunks of the given sizes (the last takes the rest). */
function request(bytes: Uint8Array, chunk: number): Request {
  let at = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      if (at >= bytes.length) return c.close()
      c.enqueue(bytes.slice(at, at + chunk))
      at += chunk
    },
  })
  return new Request('https://portal.test/x', {
    method: 'POST',
    body: stream,
    duplex: 'half',
    headers: { 'Content-Type': `multipart/form-data; boundary=${B}`, 'Content-Length': String(bytes.length) },
  } as RequestInit)
}

async function read(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

describe('readFileForm', () => {
  it('gives the fields, the name, the length and exactly the bytes, whatever the chunk size', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 3000 }), fc.integer({ min: 1, max: 700 }), async (file, chunk) => {
        const form = await readFileForm(request(body(file), chunk))
        if (typeof form === 'string') throw new Error(form)
        expect(form.fields).toEqual({ _once: 'tok.mac' })
        expect(form.fileName).toBe('photo.jpg')
        expect(form.length).toBe(file.length)
        expect(await read(form.body)).toEqual(file)
      }),
      { numRuns: 150 },
    )
  })

  it.each([
    ['cut short', `\r\n--${B}--`],
    ['a part after the file', `\r\n--${B}\r\nContent-Disposition: form-data; name="x"\r\n\r\nv\r\n--${B}--\r\n`],
    ['an epilogue', `\r\n--${B}--\r\nepilogue`],
    ['the boundary inside the file (a part starts there)', `\r\n--${B}\r\nmore\r\n--${B}--\r\n`],
  ])('%s: the file stream errors, so nothing is stored', async (_, ending) => {
    const form = await readFileForm(request(body(enc('abc'), ending), 5))
    if (typeof form === 'string') throw new Error(form)
    await expect(read(form.body)).rejects.toThrow()
  })

  it('no file part, another type, no length, or a head that never ends: refused before any file byte', async () => {
    expect(await readFileForm(request(enc(`--${B}\r\nContent-Disposition: form-data; name="_once"\r\n\r\nt\r\n--${B}--\r\n`), 9))).toBe('no-file')
    const plain = new Request('https://portal.test/x', { method: 'POST', body: 'a=b', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })
    expect(await readFileForm(plain)).toBe('malformed')
    const r = request(body(enc('abc')), 50)
    const noLength = new Request(r, { headers: { 'Content-Type': `multipart/form-data; boundary=${B}` } })
    expect(await readFileForm(noLength)).toBe('malformed')
    expect(await readFileForm(request(body(enc('abc'), undefined, { big: 'x'.repeat(20_000) }), 1000))).toBe('malformed')
  })
})
