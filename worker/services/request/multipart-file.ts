/**
 * A form of a few small text fields followed by ONE file (multipart/form-data with the file input last),
 * read as a stream: the fields are parsed, the file's bytes pass on without being held (decision 184).
 *
 * R2 needs a streamed put's length up front. Browsers end a multipart body with exactly
 * `\r\n--{boundary}--\r\n`, so the file is the Content-Length less what came before it and that ending.
 * The stream holds those last bytes back and checks they are that ending; anything else errors it, and
 * the upload fails whole (claim-files.ts then says the file did not arrive whole). So does a boundary
 * before the end: browsers choose one that the file does not hold, so it starts a part after the file.
 */

export interface FileForm {
  /** The text fields sent before the file. */
  fields: Record<string, string>
  /** The file's name as the browser sent it (empty when no file was chosen). */
  fileName: string
  /** The file's length in bytes, from the Content-Length. */
  length: number
  body: ReadableStream<Uint8Array>
}

/** Why a body is not such a form: not multipart, no length, no file part, or parts that do not parse. */
export type FileFormFailure = 'malformed' | 'no-file'

/** Bytes before the file (the fields and the part headers) read at most. */
const MAX_HEAD = 16 * 1024

const encoder = new TextEncoder()
const decoder = new TextDecoder()

function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0]
  for (let i = haystack.indexOf(first!, from); i !== -1 && i <= haystack.length - needle.length; i = haystack.indexOf(first!, i + 1)) {
    let j = 1
    while (j < needle.length && haystack[i + j] === needle[j]) j++
    if (j === needle.length) return i
  }
  return -1
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b
  const out = new Uint8Array(a.length + b.length)
  out.set(a, 0)
  out.set(b, a.length)
  return out
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i])
}

/** A Content-Disposition parameter (quoted or bare); browsers percent-encode quotes and line breaks in it. */
function dispositionParam(headers: string, name: string): string | null {
  const line = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? ''
  const m = new RegExp(`;\\s*${name}="([^"]*)"|;\\s*${name}=([^;\\s]*)`, 'i').exec(line)
  return m ? (m[1] ?? m[2] ?? '') : null
}

function boundaryOf(contentType: string | null): string | null {
  const m = /^multipart\/form-data\s*;.*?boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType ?? '')
  return m ? (m[1] ?? m[2] ?? null) : null
}

export async function readFileForm(request: Request): Promise<FileForm | FileFormFailure> {
  const boundary = boundaryOf(request.headers.get('Content-Type'))
  const declared = request.headers.get('Content-Length')
  if (!boundary || !request.body || declared === null || !/^\d{1,12}$/.test(declared)) return 'malformed'
  const contentLength = Number(declared)
  const delimiter = encoder.encode(`\r\n--${boundary}`)
  const ending = encoder.encode(`\r\n--${boundary}--\r\n`)
  const reader = request.body.getReader()

  // The body as if it began with a line break, so the first boundary is a delimiter like every other.
  let buf: Uint8Array = encoder.encode('\r\n')
  let consumed = -2
  let ended = false
  const more = async (): Promise<boolean> => {
    if (ended || consumed + buf.length > MAX_HEAD) return false
    const { done, value } = await reader.read()
    if (done) ended = true
    else buf = concat(buf, value)
    return !done
  }
  const find = async (needle: Uint8Array, from: number): Promise<number> => {
    for (;;) {
      const at = indexOf(buf, needle, from)
      if (at !== -1) return at
      if (!(await more())) return -1
    }
  }
  const fail = async (why: FileFormFailure): Promise<FileFormFailure> => {
    await reader.cancel().catch(() => undefined)
    return why
  }

  const fields: Record<string, string> = {}
  let at = await find(delimiter, 0)
  if (at !== 0) return fail('malformed')
  for (;;) {
    // After a delimiter: '\r\n' and a part, or '--' and the end.
    while (buf.length < at + delimiter.length + 2) if (!(await more())) return fail('malformed')
    const after = decoder.decode(buf.subarray(at + delimiter.length, at + delimiter.length + 2))
    if (after === '--') return fail('no-file')
    if (after !== '\r\n') return fail('malformed')
    const headStart = at + delimiter.length + 2
    const headEnd = await find(encoder.encode('\r\n\r\n'), headStart)
    if (headEnd === -1) return fail('malformed')
    const headers = decoder.decode(buf.subarray(headStart, headEnd))
    const name = dispositionParam(headers, 'name')
    if (name === null) return fail('malformed')
    const fileName = dispositionParam(headers, 'filename')
    const contentStart = headEnd + 4
    if (fileName !== null) {
      const length = contentLength - (consumed + contentStart) - ending.length
      if (length < 0) return fail('malformed')
      return { fields, fileName, length, body: heldBackStream(buf.subarray(contentStart), reader, delimiter, ending) }
    }
    at = await find(delimiter, contentStart)
    if (at === -1) return fail('malformed')
    fields[name] = decoder.decode(buf.subarray(contentStart, at))
    // Drop what is parsed, so the head counts only what is still held.
    consumed += at
    buf = buf.subarray(at)
    at = 0
  }
}

/**
 * The rest of the body less its last `ending.length` bytes, which must be exactly `ending`. A delimiter
 * before them ends the file early (a part after it): an error too, since the length is already promised.
 */
function heldBackStream(
  first: Uint8Array,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  delimiter: Uint8Array,
  ending: Uint8Array,
): ReadableStream<Uint8Array> {
  let held = first
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        const pass = held.length - ending.length
        const early = indexOf(held, delimiter)
        if (early !== -1 && early < pass) return controller.error(new Error('a part after the file'))
        if (pass > 0) {
          controller.enqueue(held.subarray(0, pass))
          held = held.slice(pass)
          return
        }
        const { done, value } = await reader.read()
        if (done) {
          if (sameBytes(held, ending)) controller.close()
          else controller.error(new Error('the form did not end where its length said'))
          return
        }
        held = concat(held, value)
      }
    },
    cancel(reason) {
      return reader.cancel(reason)
    },
  })
}
