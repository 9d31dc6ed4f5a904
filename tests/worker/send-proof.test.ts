import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { Browser, seed } from './helpers'
import { mainOf, policyTagged, text, withPolicy } from './servicing-helpers'
import { SEND_PROOF_TEXT } from '../../shared/policy/send-proof'
import { TOO_MANY } from '../../worker/middleware/rate-rules'

beforeAll(() => seed())

/** 'Send to my lender' on the Policy Summary (issue 24). */

const HOME = policyTagged('policy.homeowners-balance').policyId
const FLOOD = policyTagged('policy.flood-paid').policyId
const SEND = '/policy-information/send-proof-of-insurance'

interface QueuedMail {
  kind: string
  to: string
  subject: string
  text: string
}

async function mailsTo(address: string): Promise<QueuedMail[]> {
  const { results } = await env.DB.prepare("SELECT payload FROM outbox WHERE channel = 'mail' AND dedupe_key LIKE 'proof-mail:%'").all<{ payload: string }>()
  return results.map((r) => JSON.parse(r.payload) as QueuedMail).filter((m) => m.to === address)
}

async function copiesAbout(address: string): Promise<QueuedMail[]> {
  const { results } = await env.DB.prepare("SELECT payload FROM outbox WHERE channel = 'mail' AND dedupe_key LIKE 'proof-mail:%:copy'").all<{
    payload: string
  }>()
  return results.map((r) => JSON.parse(r.payload) as QueuedMail).filter((m) => m.text.includes(` to ${address}.`))
}

/** The summary's form, its one-time token and the first mortgagee's value. */
async function openForm(policyId: string) {
  const b = await withPolicy(policyId)
  const html = await (await b.fetch('/policy-information')).text()
  const token = /name="_once" value="([^"]+)"/.exec(html)?.[1] ?? ''
  const firstLender = /<select id="f-recipient" name="recipient">\s*<option value="([^"]+)"/.exec(html)?.[1]
  return { b, html, token, firstLender }
}

describe('Send to my lender', () => {
  it('is a form under Get proof of insurance, with the mortgagees and another address', async () => {
    const { html, token, firstLender } = await openForm(HOME)
    const main = mainOf(html)
    expect(main).toContain(`<summary>${SEND_PROOF_TEXT.summary}</summary>`)
    expect(main).toMatch(/<form [^>]*action="\/policy-information\/send-proof-of-insurance" method="post">/)
    expect(token).not.toBe('')
    expect(firstLender).toMatch(/^\d+$/)
    expect(text(main)).toContain('Wells Fargo')
    expect(main).toContain(`<option value="other">${SEND_PROOF_TEXT.otherRecipient}</option>`)
  })

  it('queues one mail to the lender and one copy to the policyholder, once on a double submit', async () => {
    const { b, token, firstLender } = await openForm(HOME)
    const to = 'closing@lender.example'
    const fields = { _once: token, recipient: firstLender!, email: to }
    const first = await b.form(SEND, fields)
    const second = await b.form(SEND, fields)
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)
    for (const res of [first, second]) {
      expect(text(mainOf(await res.text()))).toContain(`Sent to ${to}. A copy went to maria.multi@example.com.`)
    }

    const lender = await mailsTo(to)
    expect(lender).toHaveLength(1)
    const copies = await copiesAbout(to)
    expect(copies).toHaveLength(1)
    expect(copies[0]!.to).toBe('maria.multi@example.com')

    const code = /Verification code: ([A-Z0-9-]{14})/.exec(lender[0]!.text)?.[1]
    expect(code).toBeDefined()
    expect(lender[0]!.text).toContain(`Maria Delgado, the named insured of ProgHome policy ${HOME}, asked us to send you proof of insurance.`)
    expect(lender[0]!.text).toContain('For: Wells Fargo')
    // Issue 35: the link carries the code, and opening it fills the check's field; the phone reads as a phone.
    const link = new RegExp(`https?://[^\\s]+(/verify-insurance\\?code=${code})(\\s|$)`).exec(lender[0]!.text)
    expect(link).not.toBeNull()
    const check = mainOf(await (await new Browser().fetch(link![1]!)).text())
    expect(check).toContain(`value="${code}"`)
    expect(lender[0]!.text).toContain('Questions? Call us at (800) 555-0134.')
    expect(copies[0]!.text).toContain('If you did not ask for this, call us at (800) 555-0134.')
    expect(lender[0]!.text + copies[0]!.text).not.toContain('18005550134')
    expect(copies[0]!.text).toContain(`Verification code: ${code}`)
    // the code is a stored proof of this policy, so the verification page answers for it
    const row = await env.DB.prepare('SELECT policy_id FROM proofs_of_insurance WHERE code = ?1').bind(code).first<{ policy_id: string }>()
    expect(row?.policy_id).toBe(HOME)
  })

  it('refuses an invalid email with the message, and queues nothing', async () => {
    const { b, token } = await openForm(HOME)
    const res = await b.form(SEND, { _once: token, recipient: 'other', email: 'not an address' })
    expect(res.status).toBe(400)
    const main = mainOf(await res.text())
    expect(main).toContain(SEND_PROOF_TEXT.emailInvalid)
    expect(main).toMatch(/aria-invalid="true"/)
    expect(main).toContain('value="not an address"')
    expect(await mailsTo('not an address')).toHaveLength(0)
  })

  it.each(['a,b@relay.example', 'x@[127.0.0.1]', 'x@relay.example?subject=hi', '"Closing" <closing@lender.example>'])(
    'refuses %j: one plain mailbox only (issue 31), and queues nothing',
    async (email) => {
      const { b, token } = await openForm(HOME)
      const res = await b.form(SEND, { _once: token, recipient: 'other', email })
      expect(res.status).toBe(400)
      expect(text(mainOf(await res.text()))).toContain(SEND_PROOF_TEXT.emailInvalid)
      const { results } = await env.DB.prepare(
        "SELECT json_extract(payload, '$.to') AS to_ FROM outbox WHERE channel = 'mail' AND dedupe_key LIKE 'proof-mail:%:lender'",
      ).all<{ to_: string }>()
      expect(results.filter((r) => r.to_.includes('relay.example') || r.to_.includes('[') || r.to_.includes('<'))).toEqual([])
    },
  )

  it('refuses a blank email with the message', async () => {
    const { b, token } = await openForm(HOME)
    const res = await b.form(SEND, { _once: token, recipient: 'other', email: '  ' })
    expect(res.status).toBe(400)
    expect(text(mainOf(await res.text()))).toContain(SEND_PROOF_TEXT.emailRequired)
  })

  it('5 per policy a day: the sixth is the portal 429 page and queues nothing', async () => {
    const b = await withPolicy(FLOOD)
    for (let i = 1; i <= 5; i++) {
      const res = await b.form(SEND, { recipient: 'other', email: `agent${i}@closing.example` })
      expect(res.status).toBe(200)
    }
    const sixth = await b.form(SEND, { recipient: 'other', email: 'agent6@closing.example' })
    expect(sixth.status).toBe(429)
    expect(sixth.headers.get('Retry-After')).toMatch(/^\d+$/)
    const t = text(mainOf(await sixth.text()))
    expect(t).toContain('Please Wait')
    expect(t).toContain(TOO_MANY)
    expect(await mailsTo('agent6@closing.example')).toHaveLength(0)
    expect(await mailsTo('agent5@closing.example')).toHaveLength(1)
  })
})
