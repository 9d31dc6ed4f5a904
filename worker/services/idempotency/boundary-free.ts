/**
 * A multipart body as the idempotency layer hashes it: every occurrence of its boundary replaced by one
 * fixed token (decision 218). A client retrying a report builds its form again, and a form's boundary is
 * random each time (browsers, fetch's FormData, curl): the same parts would otherwise hash as another
 * request and the retry would be answered 422. The parts, their names, headers and bytes still count. A
 * body that does not open with a boundary line (JSON) is hashed as it is.
 */
const DASH = 0x2d
const CR = 0x0d
const LF = 0x0a
/** RFC 2046: a boundary is 1 to 70 characters. */
const MAX_BOUNDARY = 70
const TOKEN = new TextEncoder().encode('portal-boundary')

export function boundaryFree(body: Uint8Array): Uint8Array {
  if (body.length < 4 || body[0] !== DASH || body[1] !== DASH) return body
  let end = 2
  while (end < body.length && end <= MAX_BOUNDARY + 2 && body[end] !== CR && body[end] !== LF) end++
  if (end === 2 || end > MAX_BOUNDARY + 2 || end >= body.length) return body
  const boundary = body.subarray(2, end)
  const out: Uint8Array[] = []
  let from = 0
  for (let at = indexOf(body, boundary, 0); at !== -1; at = indexOf(body, boundary, at + boundary.length)) {
    out.push(body.subarray(from, at), TOKEN)
    from = at + boundary.length
  }
  out.push(body.subarray(from))
  const joined = new Uint8Array(out.reduce((n, part) => n + part.length, 0))
  let offset = 0
  for (const part of out) {
    joined.set(part, offset)
    offset += part.length
  }
  return joined
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0]!
  for (let at = haystack.indexOf(first, from); at !== -1 && at + needle.length <= haystack.length; at = haystack.indexOf(first, at + 1)) {
    let i = 1
    while (i < needle.length && haystack[at + i] === needle[i]) i++
    if (i === needle.length) return at
  }
  return -1
}
