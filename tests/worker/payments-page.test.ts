import { describe, it, expect, beforeAll } from 'vitest'
import { seed, ORIGIN } from './helpers'
import { mainOf, page, policyTagged, text, withPolicy } from './servicing-helpers'
import { env } from 'cloudflare:workers'
import { SsoBrowser, portalEnv } from './sso-support'
import type { MakePaymentProps } from '../../shared/payments/schemas/payment-props'

/**
 * /make-payment (spec 001 "Make a Payment page"): the gates in the spec's order, texts verbatim, and
 * the island's props. The permission (not cancelled, not previously cancelled) is the route guard's.
 */
// Seeding writes the demo PDFs: slow on a busy machine, so the hook may take longer than the default.
beforeAll(() => seed(), 120_000)

function islandProps(html: string): MakePaymentProps {
  const m = /<app-island data-island="make-payment" data-id="(i\d+)"[\s\S]*?<script type="application\/json" data-island-props="\1">([\s\S]*?)<\/script>/.exec(
    html,
  )
  if (!m) throw new Error('no make-payment island on the page')
  return JSON.parse(m[2]!) as MakePaymentProps
}

describe('the gates, in order', () => {
  it("excess flood: contact the agent, with the agent's details (even though the balance is due)", async () => {
    const { policyId } = policyTagged('policy.excess-flood')
    const { status, html } = await page(policyId, '/make-payment')
    expect(status).toBe(200)
    const main = text(mainOf(html))
    expect(main).toContain('Please contact your agent to make a payment:')
    expect(html).toMatch(/<address class="payment-gate__agent">/)
    expect(html).toMatch(/href="tel:[\d+]+"/)
    expect(html).toMatch(/href="mailto:[^"]+@[^"]+"/)
    expect(html).not.toContain('data-island="make-payment"')
  })

  it("flood with online payments switched off: 'We're Sorry' with the support line to tap", async () => {
    const { policyId } = policyTagged('policy.flood-payments-disabled')
    const { html } = await page(policyId, '/make-payment')
    const main = text(mainOf(html))
    expect(main).toContain("We're Sorry")
    expect(main).toContain('Online payments are not supported at this time.')
    expect(main).toContain('Please call our support team to process your payment.')
    expect(html).toContain(`href="tel:${portalEnv.SUPPORT_PHONE.replace(/[^\d+]/g, '')}"`)
    expect(html).not.toContain('data-island="make-payment"')
  })

  it('flood with the splash bypass for this policy: the form, the amount read-only (pH.DisableFloodPIFEdit)', async () => {
    const { policyId } = policyTagged('payments.bypass-splash')
    const { html } = await page(policyId, '/make-payment')
    expect(text(mainOf(html))).not.toContain('Online payments are not supported at this time.')
    const props = islandProps(html)
    expect(props).toMatchObject({
      policyId,
      family: 'flood',
      isFlood: true,
      amountReadOnly: true,
      totalDueCents: 64800,
      postUrl: `/v1/flood/MakePayment/${policyId}`,
    })
    expect(html).toMatch(/<input[^>]*id="pay-amount"[^>]*readOnly=""|<input[^>]*readOnly=""[^>]*id="pay-amount"/i)
  })

  it('nothing due: the message, no form', async () => {
    for (const tag of ['policy.flood-paid', 'policy.condo-paid']) {
      const { policyId } = policyTagged(tag)
      const { html } = await page(policyId, '/make-payment')
      expect(text(mainOf(html))).toContain('No payment is due at this time.')
      expect(html).not.toContain('data-island="make-payment"')
    }
  })
})

describe('the form', () => {
  it('homeowners: the island with amounts in cents, the homeowners route, today in the policy state, no secrets', async () => {
    const { policyId } = policyTagged('policy.past-due')
    const { status, html } = await page(policyId, '/make-payment')
    expect(status).toBe(200)
    const props = islandProps(html)
    expect(props).toEqual({
      policyId,
      family: 'homeowners',
      isFlood: false,
      totalDueCents: 72000,
      pastDueCents: 12000,
      dueCents: 24000,
      amountReadOnly: false,
      emailOnFile: true,
      supportPhone: portalEnv.SUPPORT_PHONE,
      today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      postUrl: `/v1/homeowners/MakePayment/${policyId}`,
      formAction: '/make-payment',
      cancelUrl: '/policy-information',
      systemMessageUrl: '/system-message',
      logUrl: '/v1/common/Log',
      // Issue 22: a profile login may save the card; it has no saved method yet (none is offered).
      canSave: true,
      // Issue 36: the island's words come from the page, in its language (English here: no messages to translate).
      texts: expect.objectContaining({ heading: 'Make a Payment', submit: 'Submit Payment' }),
    })
    expect(html).toContain('<h1 id="payment-heading">Make a Payment</h1>')
    expect(html).toContain('/css/payments.css')
    expect(html).toMatch(/<script type="module"[^>]*src="\/build\/client-/)
  })

  it('flood with a balance: the flood route, the amount editable', async () => {
    const { policyId } = policyTagged('policy.flood-balance')
    const props = islandProps((await page(policyId, '/make-payment')).html)
    expect(props).toMatchObject({ family: 'flood', isFlood: true, amountReadOnly: false, postUrl: `/v1/flood/MakePayment/${policyId}` })
  })

  it('a direct login has its profile email on file even when the policy has none; an SSO visitor is asked for one', async () => {
    const { policyId } = policyTagged('payments.no-email-on-file')
    expect(islandProps((await page(policyId, '/make-payment')).html).emailOnFile).toBe(true)

    const sso = new SsoBrowser()
    const landed = await sso.land({ PPA: 'yes', policyId, fakePingResponse: 'true' }, { Referer: `${ORIGIN}/TestSSO` })
    expect(landed.status).toBe(303)
    const res = await sso.fetch('/make-payment')
    expect(res.status).toBe(200)
    expect(islandProps(await res.text()).emailOnFile).toBe(false)
  })

  it('is no longer a placeholder', async () => {
    const { policyId } = policyTagged('policy.past-due')
    expect((await page(policyId, '/make-payment')).html).not.toContain('This page is not available yet')
  })
})

describe('without JavaScript', () => {
  it('the form says beforehand that it needs JavaScript (only a browser without it shows the notice)', async () => {
    const { policyId } = policyTagged('policy.past-due')
    const { html } = await page(policyId, '/make-payment')
    expect(html).toMatch(/<noscript><div class="alert alert--error"><div><p>To pay online, please turn on JavaScript in your browser/)
  })

  it('a submit of the form says the payment was not sent and how to pay; nothing is charged or stored', async () => {
    const { policyId } = policyTagged('policy.past-due')
    const b = await withPolicy(policyId)
    const before = await env.DB.prepare('SELECT count(*) AS n FROM payments').first<number>('n')
    const res = await b.form('/make-payment', { paymentMethod: 'card', cardNumber: '4111 1111 1111 1111', cvv: '123', amount: '10.00' })
    expect(res.status).toBe(400)
    const html = await res.text()
    expect(text(mainOf(html))).toContain('Your payment was not sent. To pay online, please turn on JavaScript in your browser')
    expect(html).toContain(`href="tel:${portalEnv.SUPPORT_PHONE.replace(/[^\d+]/g, '')}"`)
    expect(html).toContain('href="/make-payment"')
    expect(html).not.toContain('4111')
    expect(await env.DB.prepare('SELECT count(*) AS n FROM payments').first<number>('n')).toBe(before)
  })
})
