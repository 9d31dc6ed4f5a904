// One storm policyholder's visit (tests/perf/storm.mjs), through the calls a browser and the islands make:
// sign in (the Login form), Account Home, open the policy and its Dashboard, three photos uploaded one per
// request (POST /v1/homeowners/ClaimFile/{policyId}, an Idempotency-Key each), the claim that names them
// (POST /v1/homeowners/FirstNoticeOfLoss/{policyId}), the claim's page, one document sent later
// (ClaimFile?claimNumber=), Make a Payment and the payment (POST /v1/homeowners/MakePayment/{policyId},
// an approving sandbox card). A retrying person sends each change again with the same key, after the
// answer ('lost': the reply was lost) or at the same time ('double': a double click), as islands/ui/api.ts
// does: a 409 still running is waited for (Retry-After, at most 5 s) and asked again, 3 times at most.
// Run with tsx (package.json): the claim is the tests' own (tests/support/claim-submission.ts).
import { homeownersClaimOf, us } from '../support/claim-submission.ts'

/** A homeowners claim as the Report a Claim island sends it (tests/support/claim-submission.ts), the loss two days ago. */
function claimSubmission(policyId, lossDescription, email = 'sam.single@example.com') {
  const lossDate = us(new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10))
  return homeownersClaimOf(policyId, lossDate, { lossDescription, emailAddress: email, confirmEmailAddress: email })
}

const APPROVING_CARD = '4111111111111111' // worker/dev/payments-sandbox-rules.ts: Visa, approved
const CLAIM_NUMBER = /[A-Z]{2}-\d{4}-\d{6}/

/** The i-th seeded storm policyholder (tests/perf/seed-storm.ts). */
export const stormUser = (i) => ({ userName: `perf.storm${i}`, password: 'Single$Home7', policyId: `HOM48${String(i).padStart(5, '0')}` })

/** Per step: latencies (ms), answers by status, errors (an answer the step did not expect) with a few samples. */
export class StepStats {
  steps = new Map()
  fiveXx = 0
  record(step, ms, status, ok, detail) {
    const s = this.steps.get(step) ?? { latencies: [], statuses: new Map(), errors: 0, samples: [] }
    this.steps.set(step, s)
    s.latencies.push(ms)
    s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1)
    if (status >= 500) this.fiveXx++
    if (!ok) {
      s.errors++
      if (s.samples.length < 3) s.samples.push(`${status} ${detail ?? ''}`.slice(0, 160))
    }
  }
}

/** SOI, a JFIF APP0 and an SOS header: what a JPEG's scan data follows (its EOI ends the file). */
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xda, 0, 8, 1, 1, 0, 0, 63, 0]

/** A JPEG of `size` bytes, whole by its structure (decision 204), that differs by `seed` (no two uploads alike). */
function photo(size, seed) {
  const bytes = new Uint8Array(size)
  for (let j = 0; j < size; j += 4096) bytes[j] = (seed * 31 + j) % 255
  bytes.set(JPEG_HEAD)
  bytes.set([0xff, 0xd9], size - 2)
  return bytes
}

const letters = (n) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/**
 * Runs one policyholder's visit; every answer is recorded in `stats`. `rng()` in [0, 1) picks the photo
 * sizes; `retry` is null, 'lost' or 'double'. Returns what the checks after the storm need.
 */
export async function visit(base, i, { stats, rng, retry, minBytes, maxBytes }) {
  const u = stormUser(i)
  const out = { claimNumber: null, claimNumbersSeen: new Set(), paid: 0 }
  const timed = async (step, url, init, expected) => {
    const t = performance.now()
    let res
    let text = ''
    try {
      res = await fetch(base + url, { redirect: 'manual', ...init, headers: { Origin: base, ...init.headers } })
      text = await res.text()
    } catch (e) {
      stats.record(step, performance.now() - t, 0, false, String(e?.cause?.code ?? e))
      return { status: 0, text: '', headers: new Headers() }
    }
    stats.record(step, performance.now() - t, res.status, expected(res.status), /problem|json/.test(res.headers.get('Content-Type') ?? '') ? text : '')
    return { status: res.status, text, headers: res.headers }
  }
  /** A change as the island sends it: one key for every try; 409 in progress waited for. */
  const change = async (step, url, init, expected) => {
    let answer
    for (let waits = 0; ; waits++) {
      answer = await timed(step, url, init, (s) => expected(s) || (s === 409 && waits < 3))
      if (answer.status !== 409 || waits >= 3) return answer
      await sleep(Math.min(Number(answer.headers.get('Retry-After') ?? 1), 5) * 1000)
    }
  }
  /** The change, and the person's retry of it (same key): the answers, first the one the person acts on. */
  const send = async (step, url, init, expected) => {
    if (retry === 'double') return Promise.all([change(step, url, init, expected), change(`${step} (2nd click)`, url, init, expected)])
    const first = await change(step, url, init, expected)
    if (retry !== 'lost') return [first]
    return [await change(`${step} (resent)`, url, init, expected), first]
  }
  const api = (cookie, key, type, extra = {}) => ({ Cookie: cookie, 'X-Requested-With': 'portal', 'Idempotency-Key': key, 'Content-Type': type, ...extra })

  const signIn = await timed(
    'login',
    '/',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ userName: u.userName, password: u.password }),
    },
    (s) => s === 303,
  )
  const cookie = signIn.headers
    .getSetCookie?.()
    .find((c) => c.startsWith('__Host-ph_session='))
    ?.split(';')[0]
  if (!cookie) return out
  await timed('account home', '/account-home', { headers: { Cookie: cookie } }, (s) => s === 200)
  const opened = await timed(
    'open policy',
    '/account-home',
    { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ policyId: u.policyId }) },
    (s) => s === 303,
  )
  if (opened.status !== 303) return out
  await timed('dashboard', '/policy-information', { headers: { Cookie: cookie } }, (s) => s === 200)

  const fileIds = []
  for (let f = 0; f < 3; f++) {
    const bytes = photo(Math.floor(minBytes + rng() * (maxBytes - minBytes)), i * 10 + f)
    const answers = await send(
      'upload photo',
      `/v1/homeowners/ClaimFile/${u.policyId}`,
      { method: 'POST', headers: api(cookie, `storm-${letters(20)}`, 'image/jpeg', { 'X-File-Name': `photo-${f + 1}.jpg` }), body: bytes },
      (s) => s === 201,
    )
    const ids = new Set(answers.filter((a) => a.status === 201).map((a) => JSON.parse(a.text).fileId))
    if (ids.size > 1) stats.record('upload photo', 0, 201, false, `one key, ${ids.size} different files`)
    if (ids.size === 1) fileIds.push([...ids][0])
  }

  const claimAnswers = await send(
    'report claim',
    `/v1/homeowners/FirstNoticeOfLoss/${u.policyId}`,
    {
      method: 'POST',
      headers: api(cookie, `storm-${letters(20)}`, 'application/json'),
      body: JSON.stringify({
        claimSubmission: claimSubmission(u.policyId, `Storm damage to the roof (perf:storm ${i}).`, `${u.userName}@example.com`),
        fileIds,
      }),
    },
    (s) => s === 200,
  )
  for (const a of claimAnswers) if (a.status === 200 && CLAIM_NUMBER.test(a.text)) out.claimNumbersSeen.add(CLAIM_NUMBER.exec(a.text)[0])
  out.claimNumber = [...out.claimNumbersSeen][0] ?? null
  if (!out.claimNumber) return out

  await timed('claim page', `/claims-history/${out.claimNumber}`, { headers: { Cookie: cookie } }, (s) => s === 200)
  await send(
    'add document',
    `/v1/homeowners/ClaimFile/${u.policyId}?claimNumber=${out.claimNumber}`,
    { method: 'POST', headers: api(cookie, `storm-${letters(20)}`, 'image/jpeg', { 'X-File-Name': 'receipt.jpg' }), body: photo(minBytes, i * 10 + 9) },
    (s) => s === 201,
  )

  await timed('payment page', '/make-payment', { headers: { Cookie: cookie } }, (s) => s === 200)
  const payment = {
    type: 'creditCard',
    policyId: u.policyId,
    amount: 120,
    description: 'Online Payment - Credit Card',
    billingName: 'Sam Okafor',
    billingAddress: { address1: '8804 Shoal Creek Boulevard', city: 'Austin', state: 'TX', zipCode: '78757' },
    creditCardNumber: APPROVING_CARD,
    cvv: '123',
    expirationDate: `12/01/${new Date().getFullYear() + 2}`,
    homeownerEmail: '',
  }
  const paid = await send(
    'pay',
    `/v1/homeowners/MakePayment/${u.policyId}`,
    {
      method: 'POST',
      headers: api(cookie, `storm-${letters(20)}`, 'application/json', { Accept: 'text/plain, application/json' }),
      body: JSON.stringify(payment),
    },
    (s) => s === 200,
  )
  out.paid = paid.filter((a) => a.status === 200).length > 0 ? 1 : 0
  return out
}
