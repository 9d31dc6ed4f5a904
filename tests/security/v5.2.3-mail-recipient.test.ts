import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { seed } from '../worker/helpers'
import { mainOf, policyTagged, text, withPolicy } from '../worker/servicing-helpers'
import { SEND_PROOF_TEXT } from '../../shared/policy/send-proof'
import { isPlainMailbox } from '../../shared/forms/plain-mailbox'

/**
 * ASVS 4.0 V5.2.3 (input passed to the mail system), issue 31 item 6: 'Send to my lender' mails a
 * stranger's address the policyholder types, so the address must be one plain mailbox. Lists, address
 * literals, queries, display names, routes and header breaks are refused with the form's message, and
 * no mail row names anything but a plain mailbox.
 */
beforeAll(() => seed(), 120_000)

const POLICY = policyTagged('policy.homeowners-balance').policyId
const SEND = '/policy-information/send-proof-of-insurance'

const HOSTILE = [
  'a,b@relay.example',
  'x@[127.0.0.1]',
  'x@relay.example?subject=hi',
  'x@relay.example?cc=victim@relay.example',
  'closing@lender.example, spam@relay.example',
  'closing@lender.example;spam@relay.example',
  '"Closing Desk" <spam@relay.example>',
  'spam@relay.example\r\nBcc: many@relay.example',
  'spam@relay.example%0d%0aBcc:many@relay.example',
  'spam%relay.example@lender.example',
  'relay.example!spam@lender.example',
  'spam@127.0.0.1',
  'spam@localhost',
  'spam@relay.example\u0000',
  'mailto:spam@relay.example',
]

async function mailRecipients(): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT json_extract(payload, '$.to') AS recipient FROM outbox WHERE channel = 'mail'").all<{
    recipient: string
  }>()
  return results.map((r) => r.recipient)
}

describe("the lender's address", () => {
  it.each(HOSTILE)('%j is refused with the form message', async (email) => {
    const b = await withPolicy(POLICY)
    const html = await (await b.fetch('/policy-information')).text()
    const token = /name="_once" value="([^"]+)"/.exec(html)?.[1] ?? ''
    const res = await b.form(SEND, { _once: token, recipient: 'other', email })
    expect(res.status).toBe(400)
    expect(text(mainOf(await res.text()))).toContain(SEND_PROOF_TEXT.emailInvalid)
  })

  it('after them all, every queued mail names one plain mailbox, and an honest address still goes', async () => {
    const b = await withPolicy(POLICY)
    expect((await b.form(SEND, { recipient: 'other', email: 'escrow@lender.example' })).status).toBe(200)
    const recipients = await mailRecipients()
    expect(recipients).toContain('escrow@lender.example')
    expect(recipients.filter((to) => !isPlainMailbox(to) || to.includes('relay.example'))).toEqual([])
  })
})
