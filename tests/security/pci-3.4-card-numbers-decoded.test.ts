import { describe, it, expect, beforeAll, beforeEach, afterEach, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { api, bearer, seed, Browser, persona } from '../worker/helpers'
import { withPolicy } from '../worker/servicing-helpers'
import { homeownersClaim, PNG, SAM_HOME, uploadClaimFile } from '../worker/claims-fixtures'
import { UPLOAD_REFUSAL } from '../../shared/claims/uploads'
import { cardFormValues } from '../worker/payment-fixtures'
import { captureLogs, portalEnv, routeOutbound } from '../worker/sso-support'
import { JSON_HEADER } from '../../shared/site-request'
import { buildPaymentPayload, makePaymentPath } from '../../shared/payments/payload'
import { bankAuthorizationText } from '../../shared/payments/authorization'
import { localDate } from '../../shared/clock'
import { digitsOf, everythingStored } from './stored-everything'
import { CARD_NUMBER_REFUSED } from '../../shared/payments/card-refusals'
import type { PaymentFormValues } from '../../shared/payments/schemas/payment'
import { withCheckDigit } from '../support/luhn'

/**
 * PCI DSS 3.3/3.4 (issue 20, item 1): card numbers reach only MakePayment's card fields. The guard judges
 * DECODED values, so a number written as JSON escapes, with dots, non-breaking spaces or full-width digits,
 * in a page form's field (urlencoded or multipart), in a query string, in a claim's multipart part, in a
 * claim file's name or in a JSON body sent under another content type (or none) is refused with a 400 that names the
 * field; afterwards nothing of it is in D1 (every table, the outbox included), KV, R2 or the logs. A
 * check number is judged by its own rule and stored as its last four.
 */
beforeAll(() => seed(), 120_000)
beforeEach(() => routeOutbound())
afterEach(() => vi.unstubAllGlobals())

const CARDS = {
  escapes: withCheckDigit('453201511283036'),
  dots: withCheckDigit('455673758632114'),
  nbsp: withCheckDigit('542523343010990'),
  fullWidth: withCheckDigit('222300312200398'),
  form: withCheckDigit('491761223344556'),
  query: withCheckDigit('601100099990131'),
  claim: withCheckDigit('376449047333005'.slice(0, 14)),
  login: withCheckDigit('448512345678901'),
  multipartPage: withCheckDigit('535310246813579'),
  untyped: withCheckDigit('476173900101001'),
  fileName: withCheckDigit('601112345678901'),
}
const CHECK_NUMBER = withCheckDigit('37828224631000'.replace(/^3/, '6'))

const escaped = (n: string) => [...n].map((d) => `\\u00${d.charCodeAt(0).toString(16)}`).join('')
const grouped = (n: string, sep: string) => n.replace(/(\d{4})(?=\d)/g, `$1${sep}`)
const fullWidth = (n: string) => [...n].map((d) => String.fromCodePoint(0xff10 + Number(d))).join('')

async function problemErrors(res: Response): Promise<Record<string, string>> {
  expect(res.status).toBe(400)
  expect(res.headers.get('Content-Type')).toContain('application/problem+json')
  const body = (await res.json()) as { errorMessage: string; errors: Record<string, string> }
  expect(body.errorMessage).toBe(CARD_NUMBER_REFUSED.errorMessage)
  return body.errors
}

describe('card numbers, however written, are refused with the field named and stored nowhere', () => {
  it('JSON escapes, dots, NBSP, full-width digits, a page form (urlencoded and multipart), a query string, a claim part, a file name, a body under another content type: each refused, none kept', async () => {
    const { lines } = await captureLogs(async () => {
      const auth = await bearer('direct.single')

      // JSON \u escapes in a claim draft: decoded by JSON.parse, then judged.
      const draft = await api(`/v1/homeowners/ClaimDraft/${SAM_HOME}`, {
        method: 'PUT',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: `{"values":{"description":"card ${escaped(CARDS.escapes)}"}}`,
      })
      expect(await problemErrors(draft)).toEqual({ 'values.description': CARD_NUMBER_REFUSED.errorMessage })
      expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM claim_drafts').first<{ n: number }>())?.n ?? 0).toBe(0)

      // Dots in a client log line.
      const log = await api('/v1/common/Log', {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ loggingLevel: 'Error', message: `pay with ${grouped(CARDS.dots, '.')}` }),
      })
      expect(Object.keys(await problemErrors(log))).toEqual(['message'])

      // The same line under another content type, or none: the client log reads any body as JSON.
      for (const headers of [{ 'Content-Type': 'application/octet-stream' }, {}] as Record<string, string>[]) {
        const untyped = await api('/v1/common/Log', {
          method: 'POST',
          headers: { ...auth, ...headers },
          body: new TextEncoder().encode(JSON.stringify({ loggingLevel: 'Error', message: `pay with ${grouped(CARDS.untyped, ' ')}` })),
        })
        expect(Object.keys(await problemErrors(untyped))).toEqual(['message'])
      }

      // Full-width digits as MakePayment's billing name: only its card fields may carry card data.
      const payer = await withPolicy('BLD4050001')
      const payload = buildPaymentPayload(cardFormValues({ amount: '120.00', billingName: fullWidth(CARDS.fullWidth) }), {
        policyId: 'BLD4050001',
        emailOnFile: true,
        authorizationText: '',
      })
      const paid = await payer.fetch(makePaymentPath('homeowners', 'BLD4050001'), {
        method: 'POST',
        headers: { ...JSON_HEADER, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
        body: JSON.stringify(payload),
      })
      expect(Object.keys(await problemErrors(paid))).toEqual(['billingName'])

      // Non-breaking spaces in a page form's field.
      const profile = await payer.form('/manage-profile', { intent: 'profile', userName: grouped(CARDS.nbsp, '\u00a0'), emailAddress: 'x@example.com' })
      expect(profile.status).toBe(400)
      expect(await profile.text()).toContain("The field 'userName' holds what looks like a card number.")

      // The same page form sent as multipart/form-data (a browser's enctype), thin spaces between groups.
      const multipartForm = new FormData()
      multipartForm.append('intent', 'profile')
      multipartForm.append('userName', grouped(CARDS.multipartPage, '\u2009'))
      multipartForm.append('emailAddress', 'x@example.com')
      const multipartProfile = await payer.fetch('/manage-profile', { method: 'POST', body: multipartForm })
      expect(multipartProfile.status).toBe(400)
      expect(await multipartProfile.text()).toContain("The field 'userName' holds what looks like a card number.")

      // A form field before anything counts a failed login (the lockout counter's key would hold it).
      const login = await new Browser().form('/', { userName: CARDS.login, password: persona('direct.single').password })
      expect(login.status).toBe(400)
      expect(await login.text()).toContain("'userName'")
      const form = await new Browser().form('/forgot-password', { userName: 'sam.single', emailAddress: `${grouped(CARDS.form, ' ')}@example.com` })
      expect(form.status).toBe(400)

      // A query string, on /v1 and on a page.
      const query = await api(`/v1/homeowners/GetClaimsMatrix?policyId=${SAM_HOME}&lossDate=${CARDS.query}`, { headers: auth })
      expect(await problemErrors(query)).toEqual({ lossDate: CARD_NUMBER_REFUSED.errorMessage })
      const pageQuery = await payer.fetch(`/payment-history?note=${encodeURIComponent(grouped(CARDS.query, '-'))}`)
      expect(pageQuery.status).toBe(400)
      expect(await pageQuery.text()).toContain("'note'")

      // JSON escapes inside the claim report's multipart part: the guard reads the part as the JSON its handler parses.
      const claim = new FormData()
      const submission = JSON.stringify(homeownersClaim()).replace('"lossDescription":"', `"lossDescription":"card ${escaped(CARDS.claim)} `)
      claim.append('claimSubmission', submission)
      const reported = await api(`/v1/homeowners/FirstNoticeOfLoss/${SAM_HOME}`, {
        method: 'POST',
        headers: { ...auth, 'Idempotency-Key': crypto.randomUUID() },
        body: claim,
      })
      expect(await problemErrors(reported)).toEqual({ 'claimSubmission.lossDescription': CARD_NUMBER_REFUSED.errorMessage })

      // A file's name (stored, shown, sent to the claims system), here in the X-File-Name header.
      const file = await uploadClaimFile(SAM_HOME, auth, PNG, `receipt ${grouped(CARDS.fileName, '_')}.png`)
      expect(file.status).toBe(400)
      expect(await file.json()).toMatchObject({ errorMessage: UPLOAD_REFUSAL.cardNumberInName })
    })

    const stored = digitsOf(await everythingStored())
    const logged = digitsOf(lines.join('\n'))
    for (const card of Object.values(CARDS)) {
      expect(stored).not.toContain(card)
      expect(logged).not.toContain(card)
    }
    const refusals = lines.filter((l) => l.includes('card number refused'))
    expect(refusals.length).toBeGreaterThanOrEqual(12)
    expect(refusals.join('\n')).toContain('"field":"billingName"')
  })

  it('a check number is judged by its own rule, even when its digits pass Luhn, and is kept only as its last four', async () => {
    const policyId = 'BLD4050001'
    const b = await withPolicy(policyId)
    const policy = JSON.parse((await env.DB.prepare('SELECT doc FROM policies WHERE policy_id = ?').bind(policyId).first<{ doc: string }>())!.doc) as {
      state: string
    }
    const values: PaymentFormValues = cardFormValues({
      type: 'check',
      amount: '120.00',
      routingNumber: '021000021',
      accountNumber: '000123456789',
      checkNumber: CHECK_NUMBER,
      authorizeDebit: true,
    })
    const authorizationText = bankAuthorizationText({
      amountCents: 12000,
      date: localDate(Date.now(), policy.state),
      accountLast4: '6789',
      policyId,
      supportPhone: portalEnv.SUPPORT_PHONE,
    })
    const { lines } = await captureLogs(async () => {
      const res = await b.fetch(makePaymentPath('homeowners', policyId), {
        method: 'POST',
        headers: { ...JSON_HEADER, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
        body: JSON.stringify(buildPaymentPayload(values, { policyId, emailOnFile: true, authorizationText })),
      })
      expect(res.status).toBe(200)
    })
    const row = await env.DB.prepare('SELECT check_number FROM payments WHERE policy_id = ? AND status = ?')
      .bind(policyId, 'approved')
      .first<{ check_number: string }>()
    expect(row?.check_number).toBe(CHECK_NUMBER.slice(-4))
    const history = await (await b.fetch('/payment-history')).text()
    expect(history).toContain(CHECK_NUMBER.slice(-4))
    expect(digitsOf(await everythingStored())).not.toContain(CHECK_NUMBER)
    expect(digitsOf(lines.join('\n'))).not.toContain(CHECK_NUMBER)
    expect(digitsOf(history)).not.toContain(CHECK_NUMBER)
  })
})

describe("a partner's sign-in reference is not judged as card data", () => {
  it('a reference whose digits happen to form a Luhn-valid run is not refused (the landing and policies-from-ping)', async () => {
    const luhnRun = 'ab-4111111111111111-cd'
    const landing = await new Browser().fetch(`/sso-progressive-landing?tokenid=${luhnRun}&PPA=yes&policyId=HOM4010001`)
    expect(landing.status).not.toBe(400)
    const api = await new Browser().fetch('/v1/common/policies-from-ping', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ tokenId: luhnRun, policyID: 'HOM4010001' }),
    })
    expect(api.status).not.toBe(400)
    // Anywhere else the same text is refused.
    const elsewhere = await new Browser().fetch(`/sso-progressive-landing?tracking_id=${luhnRun}&PPA=yes`)
    expect(elsewhere.status).toBe(400)
  })
})
