import { expect } from 'vitest'
import { env } from 'cloudflare:workers'
// Straight into the worker's fetch: the test pool's self binding slows with every request a file makes (decision 143).
import { apiSettled } from '../worker/sso-support'
import { CARD_NUMBER_REFUSED } from '../../shared/payments/card-refusals'
import { everythingStored, onlyDigits } from './stored-everything'
import { withCheckDigit } from '../support/luhn'

/**
 * The shapes of card numbers a probe sent past the guard (issue 31 item 1) and what the security files
 * of decision 201 do with them: numbers each its own, so a leak names its request; the refusal's form;
 * every body field and query parameter the API describes, sent each way a body can come; and the search
 * of D1, KV, R2 and the log for every number sent.
 */

const SUPERSCRIPT = ['\u2070', '\u00b9', '\u00b2', '\u00b3', '\u2074', '\u2075', '\u2076', '\u2077', '\u2078', '\u2079']
const grouped = (n: string, sep: string) => n.replace(/(\d{4})(?=\d)/g, `$1${sep}`)

export interface Shape {
  name: string
  write: (card: string) => string
  /** An HTTP header can carry it (visible Latin-1: no NUL, no combining mark, no superscript four). */
  inHeader: boolean
}

export const SHAPES: Shape[] = [
  { name: 'plus signs', write: (n) => grouped(n, '+'), inHeader: true },
  { name: 'tildes', write: (n) => grouped(n, '~'), inHeader: true },
  { name: 'bars', write: (n) => grouped(n, '|'), inHeader: true },
  { name: 'four spaces', write: (n) => grouped(n, '    '), inHeader: true },
  { name: 'NUL', write: (n) => grouped(n, '\u0000'), inHeader: false },
  { name: 'a combining mark', write: (n) => Array.from(n, (d) => `${d}\u0301`).join(''), inHeader: false },
  { name: 'superscript digits', write: (n) => Array.from(n, (d) => SUPERSCRIPT[Number(d)]).join(''), inHeader: false },
  { name: 'a leading 0', write: (n) => `0${n}`, inHeader: true },
  { name: 'four digits appended', write: (n) => `${n}1234`, inHeader: true },
  { name: 'digits appended to the last group', write: (n) => `${grouped(n, ' ')}1228`, inHeader: true },
]
/** The shapes a SID can take at all ([A-Za-z0-9._-]{8,64}): a number with dots, underscores or dashes, or digits around it. */
export const SID_SHAPES: Shape[] = [
  { name: 'dots', write: (n) => grouped(n, '.'), inHeader: true },
  { name: 'underscores', write: (n) => grouped(n, '_'), inHeader: true },
  { name: 'dashes', write: (n) => grouped(n, '-'), inHeader: true },
  { name: 'a leading 0', write: (n) => `0${n}`, inHeader: true },
  { name: 'four digits appended', write: (n) => `${n}1234`, inHeader: true },
]

/** Every number sent, each its own (Visa-shaped, from a counter): the stores and the log are searched for each. */
const sent: string[] = []
export function nextCard(): string {
  const card = withCheckDigit(`47${String(sent.length).padStart(4, '0')}271828183`)
  sent.push(card)
  return card
}

let ip = 0
/** An address per request: the client log's limit (30 a minute per address) is not what is tested here. */
export const nextIp = () => `10.31.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`

/** Rate counts forgotten between requests: the limits meet a test sending 150 refusals, which is not a person. */
export const forgetRateCounts = () => env.DB.prepare("DELETE FROM counters WHERE counter_key LIKE 'rate:%'").run()

export async function refusedNaming(res: Response, field: string): Promise<void> {
  expect(res.status).toBe(400)
  const body = (await res.json()) as { errorMessage: string; errors: Record<string, string> }
  expect(body.errorMessage).toBe(CARD_NUMBER_REFUSED.errorMessage)
  expect(Object.keys(body.errors)).toEqual([field])
}

/** A JSON body field or a query parameter of a /v1 operation, as GET /v1/openapi.json describes it. */
interface DescribedField {
  method: string
  path: string
  field: string
  in: 'body' | 'query'
}

interface DescribedOperation {
  parameters?: { name: string; in: string }[]
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }
  responses: Record<string, unknown>
}

/** The fields that take card data by design, each judged by its own rules (decision 165), and a partner's sign-in reference. */
const ACCEPTED = new Set(['creditCardNumber', 'cardNumber', 'cvv', 'routingNumber', 'accountNumber', 'checkNumber', 'tokenId'])

/** Path parameters: a policy of the signed-in persona in the path's family; anything else a made-up value. */
const PARAMS: Record<string, string> = { homeowners: 'HOM4010001', flood: 'FLD4010003', common: 'HOM4010001', profile: 'HOM4010001' }

async function describedFields(): Promise<DescribedField[]> {
  const doc = (await (await apiSettled('/v1/openapi.json')).json()) as { paths: Record<string, Record<string, DescribedOperation>> }
  const fields: DescribedField[] = []
  for (const [path, item] of Object.entries(doc.paths)) {
    const family = path.split('/')[1]!
    const concrete = `/v1${path.replace(/\{policyId\}/g, PARAMS[family] ?? 'HOM4010001').replace(/\{[^}]+\}/g, 'x')}`
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue
      const body = Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {})
      const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)
      for (const field of body.filter((f) => !ACCEPTED.has(f))) fields.push({ method: method.toUpperCase(), path: concrete, field, in: 'body' })
      for (const field of query.filter((f) => !ACCEPTED.has(f))) fields.push({ method: method.toUpperCase(), path: concrete, field, in: 'query' })
    }
  }
  return fields
}

type Encoding = 'json' | 'json under a multipart type' | 'a multipart part' | 'query'

function sendTo(f: DescribedField, how: Encoding, text: string, auth: Record<string, string>): Promise<Response> {
  const headers: Record<string, string> = { ...auth, 'CF-Connecting-IP': nextIp() }
  if (how === 'query') return apiSettled(`${f.path}?${f.field}=${encodeURIComponent(text)}`, { method: f.method, headers })
  if (how === 'a multipart part') {
    const form = new FormData()
    form.append(f.field, text)
    return apiSettled(f.path, { method: f.method, headers, body: form })
  }
  headers['Content-Type'] = how === 'json' ? 'application/json' : 'multipart/form-data; boundary=x'
  return apiSettled(f.path, { method: f.method, headers, body: JSON.stringify({ [f.field]: text }) })
}

async function isCardRefusal(res: Response, field: string): Promise<boolean> {
  if (res.status !== 400) return false
  const body = (await res.json()) as { errorMessage?: string; errors?: Record<string, string> }
  return body.errorMessage === CARD_NUMBER_REFUSED.errorMessage && Object.keys(body.errors ?? {}).includes(field)
}

/** Each described field with a number in it, sent each way: what was not refused with the card message naming the field. */
export async function sweepDescribedFields(auth: Record<string, string>): Promise<{ fields: number; missed: string[] }> {
  const fields = await describedFields()
  const missed: string[] = []
  for (const [i, f] of fields.entries()) {
    const shape = SHAPES[i % SHAPES.length]!
    await forgetRateCounts()
    const encodings: Encoding[] = f.in === 'query' ? ['query'] : ['json', 'json under a multipart type', 'a multipart part']
    for (const how of encodings) {
      const res = await sendTo(f, how, shape.write(nextCard()), auth)
      if (!(await isCardRefusal(res, f.field))) missed.push(`${f.method} ${f.path} ${f.field} (${how}, ${shape.name}): ${res.status}`)
    }
  }
  return { fields: fields.length, missed }
}

/** A client log line as the island sends it. */
export const logLine = (message: string) => JSON.stringify({ loggingLevel: 'Error', message, pageName: 'claims' })

/** The client log line, each way its body can come: the handler parses any body as JSON, whatever its type. */
export const CLIENT_LOG_WAYS: { way: string; send: (message: string) => Promise<Response> }[] = [
  { way: 'JSON', send: (m) => logPost({ 'Content-Type': 'application/json' }, logLine(m)) },
  { way: 'JSON under multipart/form-data', send: (m) => logPost({ 'Content-Type': 'multipart/form-data; boundary=x' }, logLine(m)) },
  { way: 'JSON under multipart/form-data, no boundary', send: (m) => logPost({ 'Content-Type': 'multipart/form-data' }, logLine(m)) },
  { way: 'JSON with no type', send: (m) => logPost({}, new TextEncoder().encode(logLine(m))) },
  {
    way: 'a multipart form',
    send: (m) => {
      const form = new FormData()
      form.append('loggingLevel', 'Error')
      form.append('message', m)
      return logPost({}, form)
    },
  },
]

function logPost(headers: Record<string, string>, body: BodyInit): Promise<Response> {
  return apiSettled('/v1/common/Log', { method: 'POST', headers: { ...headers, 'CF-Connecting-IP': nextIp() }, body })
}

/** No number sent so far is in D1, KV, R2 or the log lines, however it was written. */
export async function expectNoNumberKept(lines: string[]): Promise<void> {
  const stored = onlyDigits(await everythingStored())
  const logged = onlyDigits(lines.join('\n'))
  for (const card of sent) {
    expect(stored.includes(card), `${card} stored`).toBe(false)
    expect(logged.includes(card), `${card} logged`).toBe(false)
  }
}
