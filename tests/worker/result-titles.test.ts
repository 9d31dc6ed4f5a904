import { env } from 'cloudflare:workers'
import { serializeSigned } from 'hono/utils/cookie'
import { beforeAll, describe, expect, it } from 'vitest'
import { Browser, persona, seed } from './helpers'
import { policyTagged, withPolicy } from './servicing-helpers'

/** Issue 21 (WCAG 2.4.2): a result page's title says the result before the spec's '<Page> - ProgHome' (decision 183). */
beforeAll(() => seed())

async function plantFlash(b: Browser, message: Record<string, unknown>): Promise<void> {
  const line = await serializeSigned('ph_flash', JSON.stringify({ isError: false, ...message }), env.FLASH_SIGNING_KEY, { path: '/' })
  b.cookies.set('ph_flash', line.split(';')[0]!.split('=').slice(1).join('='))
}

async function titleOf(res: Response): Promise<string> {
  return /<title>([^<]*)<\/title>/.exec(await res.text())?.[1] ?? ''
}

describe('result page titles', () => {
  it.each([
    ['a success', { text: 'Done.' }, 'Success: System Message - ProgHome'],
    ['an error', { text: 'Declined.', isError: true }, 'Error: System Message - ProgHome'],
    ['a payment still being processed', { text: 'Being processed.', isError: true, pending: true }, 'Pending: System Message - ProgHome'],
  ])('the system message of %s', async (_name, message, title) => {
    const b = new Browser()
    await b.login(persona('direct.single'))
    await plantFlash(b, message)
    expect(await titleOf(await b.fetch('/system-message'))).toBe(title)
  })

  it('a payment form sent without JavaScript', async () => {
    const b = await withPolicy(policyTagged('policy.past-due').policyId)
    const res = await b.form('/make-payment', { amount: '10.00' })
    expect(res.status).toBe(400)
    expect(await titleOf(res)).toBe('Error: Make a Payment - ProgHome')
  })

  it('an ordinary page keeps the spec form', async () => {
    const b = await withPolicy(policyTagged('policy.past-due').policyId)
    expect(await titleOf(await b.fetch('/make-payment'))).toBe('Make a Payment - ProgHome')
  })
})
