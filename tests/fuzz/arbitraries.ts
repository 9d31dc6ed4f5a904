import { env } from 'cloudflare:workers'
import fc from 'fast-check'

/**
 * Hostile input for every /v1 endpoint and every page form (issue 14, decision 143): the fields each
 * schema names (taken from the zod schema's shape), each with wrong types, missing, extra fields, huge
 * and unicode strings, path traversal, negative and fractional numbers; whole bodies that are not JSON,
 * broken JSON, broken multipart and the wrong content type. Seeded and reproducible: FUZZ_SEED and
 * FUZZ_RUNS (bindings set by vitest.worker.config.ts from the environment; tests/perf/fuzz-long.mjs).
 */
const FUZZ_SEED = Number((env as unknown as Record<string, string>).FUZZ_SEED || 20261123)
/** Cases per endpoint or form in `npm test`; the long run raises it. */
const FUZZ_RUNS = Number((env as unknown as Record<string, string>).FUZZ_RUNS || 100)

export function params(): fc.Parameters<unknown> {
  return { seed: FUZZ_SEED, numRuns: FUZZ_RUNS, endOnFailure: true }
}

/** Strings people and attackers type: traversal, encodings, markup, SQL, control characters, policy-like ids. */
const nasty = fc.constantFrom(
  '../../../etc/passwd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '/etc/passwd',
  'policy/../../other/HOM4020001.pdf',
  'a\u0000b',
  '%00',
  '%',
  '%E0%A4%A',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE sessions; --',
  '{{7*7}}',
  '$' + '{7*7}',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  'Z\u0351\u036b\u0343\u036a\u0302\u036b\u033d\u034f\u0334\u0319\u0324\u031e\u0349\u035a\u032f\u031e\u0320\u034d',
  '\ud83d\udca5\ud83c\udff3\ufe0f\u200d\ud83c\udf08',
  '\ud800',
  'HOM4020001',
  'hom4020001 ',
  'FLD0000000',
  '-1',
  '0',
  '1e309',
  'NaN',
  'Infinity',
  '2026-02-30',
  '9999-99-99',
  'true',
  'null',
  '__proto__',
  'constructor',
  ' ',
  '',
)

const hugeString = fc.integer({ min: 1_000, max: 80_000 }).map((n) => 'x'.repeat(n))

const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 4, arbitrary: nasty },
  { weight: 1, arbitrary: hugeString },
)

const number = fc.oneof(
  fc.integer(),
  fc.integer({ min: -1_000_000, max: -1 }),
  fc.double({ noNaN: false }),
  fc.double({ min: -1000, max: 1000, noInteger: true }),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -0, 0.1 + 0.2, 1e21),
)

/** Any value a JSON field could hold, right type or wrong. */
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: text },
  { weight: 2, arbitrary: number },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(text, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), text, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
)

/** An object over the schema's fields (each may be missing) plus extra fields. */
function fieldsObject(fields: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const known = fc.record(Object.fromEntries(fields.map((f) => [f, value])), { requiredKeys: [] })
  const extra = fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), nasty), value, { maxKeys: 3 })
  return fc.tuple(known, extra).map(([k, e]) => ({ ...e, ...k }))
}

export interface Body {
  contentType: string | null
  body: string | Uint8Array | null
}

function json(v: unknown): string {
  return JSON.stringify(v, (_k, x) => (typeof x === 'number' && !Number.isFinite(x) ? String(x) : x))
}

/** A multipart body, well formed or cut short, for the given fields. */
function multipart(obj: Record<string, unknown>, broken: boolean): Body {
  const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW'
  const parts = Object.entries(obj).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, '')}"\r\n\r\n${typeof v === 'string' ? v : json(v)}\r\n`,
  )
  const full = `${parts.join('')}--${boundary}--\r\n`
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: broken ? full.slice(0, Math.floor(full.length / 2)) : full }
}

/** encodeURIComponent, which refuses lone surrogates: those become U+FFFD first (as a browser sends them). */
function enc(s: string): string {
  return encodeURIComponent((s as string & { toWellFormed(): string }).toWellFormed())
}

function urlencoded(obj: Record<string, unknown>): string {
  return Object.entries(obj)
    .map(([k, v]) => `${enc(k)}=${enc(typeof v === 'string' ? v : json(v))}`)
    .join('&')
}

/** Bodies for a JSON endpoint: mostly JSON objects over its fields, and every kind of wrong body. */
export function jsonBodies(fields: readonly string[]): fc.Arbitrary<Body> {
  const obj = fieldsObject(fields)
  return fc.oneof(
    { weight: 6, arbitrary: obj.map((o) => ({ contentType: 'application/json', body: json(o) })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => ({ contentType: 'application/json', body: json(v) })) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((s) => ({ contentType: 'application/json', body: `{"${s}` })) },
    { weight: 1, arbitrary: obj.map((o) => ({ contentType: 'application/json; charset=utf-16', body: json(o) })) },
    { weight: 1, arbitrary: obj.map((o) => ({ contentType: 'text/plain', body: json(o) })) },
    { weight: 1, arbitrary: obj.map((o) => ({ contentType: 'application/x-www-form-urlencoded', body: urlencoded(o) })) },
    { weight: 1, arbitrary: fc.tuple(obj, fc.boolean()).map(([o, b]) => multipart(o, b)) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((b) => ({ contentType: 'application/json', body: b })) },
    { weight: 1, arbitrary: fc.constant({ contentType: null, body: null }) },
    { weight: 1, arbitrary: hugeString.map((s) => ({ contentType: 'application/json', body: `{"a":"${s}${s}"}` })) },
  )
}

/** Bodies for a page form: mostly urlencoded over its fields, and multipart, JSON and garbage. */
export function formBodies(fields: readonly string[]): fc.Arbitrary<Body> {
  const obj = fieldsObject(fields)
  return fc.oneof(
    { weight: 6, arbitrary: obj.map((o) => ({ contentType: 'application/x-www-form-urlencoded', body: urlencoded(o) })) },
    { weight: 2, arbitrary: fc.tuple(obj, fc.boolean()).map(([o, b]) => multipart(o, b)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 80 }).map((s) => ({ contentType: 'application/x-www-form-urlencoded', body: s })) },
    { weight: 1, arbitrary: fc.string({ maxLength: 80 }).map((s) => ({ contentType: 'multipart/form-data', body: s })) },
    { weight: 1, arbitrary: obj.map((o) => ({ contentType: 'application/json', body: json(o) })) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((b) => ({ contentType: 'application/octet-stream', body: b })) },
    { weight: 1, arbitrary: fc.constant({ contentType: null, body: null }) },
    { weight: 1, arbitrary: hugeString.map((s) => ({ contentType: 'application/x-www-form-urlencoded', body: `a=${s}${s}` })) },
  )
}

/** A path segment: encoded hostile text, or raw traversal and broken escapes. */
export const segment = fc.oneof(
  text.map((s) => enc(s.slice(0, 300))),
  fc.constantFrom('..', '..%2F..%2Fetc', '%2e%2e', '%', '%zz', '%C0%AF', 'HOM4020001', 'HOM4010001%00.pdf'),
)

/** A query string of hostile values for the given names. */
export function queryOf(names: readonly string[]): fc.Arbitrary<string> {
  return fc
    .record(
      Object.fromEntries(
        names.map((n) => [
          n,
          fc.oneof(
            text.map((s) => s.slice(0, 2000)),
            fc.constantFrom('%', '%zz', '..%2F..%2F'),
          ),
        ]),
      ),
      { requiredKeys: [] },
    )
    .map((o) =>
      Object.entries(o)
        .map(([k, v]) => (/^%|\.\.%/.test(v as string) ? `${k}=${v}` : `${k}=${enc(v as string)}`))
        .join('&'),
    )
}

/** The field names of a zod object schema, also through pipes, preprocess and wrappers (zod 4 defs). */
export function fieldsOf(schema: unknown, depth = 0): string[] {
  const s = schema as { shape?: Record<string, unknown>; _zod?: { def?: Record<string, unknown> } }
  if (s.shape) return Object.keys(s.shape)
  const def = s._zod?.def ?? {}
  for (const inner of [def.in, def.out, def.innerType, def.schema]) {
    if (inner && depth < 5) {
      const found = fieldsOf(inner, depth + 1)
      if (found.length) return found
    }
  }
  if (depth > 0) return []
  throw new Error('not a zod object schema')
}

/** Distinct client addresses, so the per-IP burst limit does not end the run early (429s are fine, but say little). */
export const clientIp = fc.ipV4()

const STACK =
  /\n\s+at [^\n]+[:(]\d+|\bat (?:async )?[\w.$<>]+ \([^)]*:\d+:\d+\)|(?:TypeError|ReferenceError|RangeError|SyntaxError|ZodError)\b[^\n]*\n|node_modules\//

/** Zod's own English, which a partner must never read (issue 18). */
const LIBRARY_TEXT = /Invalid input|expected \w+, received|Too (big|small):|Unrecognized key|Malformed JSON/

/**
 * What every answer must be: never a 5xx, never a stack trace; on /v1 an error is an RFC 9457 problem
 * (application/problem+json) with its status, a detail and the errorMessage the spec's clients read, in
 * our words, never a library's.
 */
export async function checkAnswer(res: Response, label: string, onApi: boolean): Promise<void> {
  const body = await res.text()
  if (res.status >= 500) throw new Error(`${label}: ${res.status} ${body.slice(0, 300)}`)
  if (STACK.test(body)) throw new Error(`${label}: stack trace in the body: ${body.slice(0, 500)}`)
  if (onApi && res.status >= 400) {
    if (res.headers.get('Content-Type') !== 'application/problem+json')
      throw new Error(`${label}: ${res.status} not a problem (${res.headers.get('Content-Type')})`)
    const parsed = JSON.parse(body) as { type?: unknown; title?: unknown; status?: unknown; detail?: unknown; errorMessage?: unknown }
    if (typeof parsed.errorMessage !== 'string' || parsed.errorMessage === '' || parsed.detail !== parsed.errorMessage)
      throw new Error(`${label}: ${res.status} without errorMessage and detail: ${body.slice(0, 200)}`)
    if (parsed.status !== res.status || typeof parsed.type !== 'string' || typeof parsed.title !== 'string')
      throw new Error(`${label}: ${res.status} not a whole problem: ${body.slice(0, 200)}`)
    if (LIBRARY_TEXT.test(body)) throw new Error(`${label}: a library's text: ${body.slice(0, 300)}`)
  }
}
