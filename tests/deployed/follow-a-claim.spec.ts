import type { APIRequestContext, Page } from '@playwright/test'
import { expect, openPolicy, scrollWidth, test } from '../e2e/fixtures'
import { policyTagged } from '../e2e/servicing-helpers'
import { localDate } from '../../shared/clock'
import { CONVERSATION_TEXT } from '../../shared/claims/follow-up/conversation'
import { homeownersClaimOf, us } from '../support/claim-submission'
import { mailTo, runCron, STAND_INS } from './support'

/**
 * As deployed (issue 32 items 2 and 5): the conversation with the claims team and the text messages,
 * with the claims system, the mail service and the SMS provider in the stand-ins' own process, reached
 * through the portal's HTTP adapters and answering through its signed webhooks. A message written on
 * the claim page reaches the claims system as a note; the team's reply arrives on the page without a
 * reload and is mailed with the claim's address. Text chosen for claim updates, the number verified
 * with the code the SMS provider received: an adjuster assignment is texted; after STOP, nothing.
 */
test.setTimeout(240_000)

const HOME = policyTagged('claims.mitigation-window')
const PHONE = { typed: '(512) 555-0188', e164: '+15125550188' }

/** A homeowners claim reported through /v1 by the policy's owner and delivered by the scheduled work. */
async function deliveredClaim(page: Page, request: APIRequestContext): Promise<string> {
  const headers = { Origin: new URL(page.url()).origin }
  const login = await request.post('/v1/profile/login/', { data: { userName: HOME.owner.userName, password: HOME.owner.password }, headers })
  const { accountToken } = (await login.json()) as { accountToken: string }
  const report = await request.post(`/v1/homeowners/FirstNoticeOfLoss/${HOME.policyId}`, {
    headers: { ...headers, Authorization: `Bearer ${accountToken}`, 'Idempotency-Key': `deployed-follow-${Date.now()}` },
    data: { claimSubmission: JSON.stringify(homeownersClaimOf(HOME.policyId, us(localDate(Date.now() - 2 * 86_400_000, 'TX')))) },
  })
  expect(report.status()).toBe(200)
  const claimNumber = /HO-\d{4}-\d{6}/.exec(await report.text())![0]
  await expect
    .poll(async () => {
      await runCron(request)
      const { claims } = (await (await request.get(`${STAND_INS}/claims-system/claims`)).json()) as { claims: { claimNumber: string; status: string }[] }
      return claims.find((c) => c.claimNumber === claimNumber)?.status
    })
    .toBe('open')
  return claimNumber
}

async function notesAt(request: APIRequestContext, claimNumber: string): Promise<string[]> {
  const held = (await (await request.get(`${STAND_INS}/claims-system/claims`)).json()) as { claims: { claimNumber: string; notes: { body: string }[] }[] }
  return held.claims.find((c) => c.claimNumber === claimNumber)?.notes.map((n) => n.body) ?? []
}

async function textsTo(request: APIRequestContext, claimNumber: string): Promise<string[]> {
  const res = await request.get(`${STAND_INS}/sms/messages?to=${encodeURIComponent(PHONE.e164)}`)
  return ((await res.json()) as { messages: { text: string }[] }).messages.map((m) => m.text).filter((t) => t.includes(claimNumber))
}

test('a message to the claims team and its reply; a text for an adjuster, none after STOP (375 px)', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await openPolicy(page, HOME.owner, HOME.policyId)
  const claimNumber = await deliveredClaim(page, request)

  // The conversation: written on the claim page, held by the claims system as a note.
  await page.goto(`/claims/${claimNumber}`)
  await expect(page.getByRole('heading', { level: 1, name: `Claim ${claimNumber}` })).toBeVisible()
  const conversation = page.getByRole('region', { name: CONVERSATION_TEXT.heading })
  await conversation.getByLabel(CONVERSATION_TEXT.label).fill('The ceiling is dripping again. Should I move the furniture out?')
  await conversation.getByRole('button', { name: CONVERSATION_TEXT.send }).click()
  await expect(conversation.getByRole('status')).toHaveText(CONVERSATION_TEXT.sent)
  await expect
    .poll(async () => {
      await runCron(request)
      return notesAt(request, claimNumber)
    })
    .toEqual(['The ceiling is dripping again. Should I move the furniture out?'])

  // The team's reply, a signed message.posted from the claims system: on the page without a reload, and mailed.
  const replied = await request.post(`${STAND_INS}/claims-system/claims/${claimNumber}/messages`, {
    data: { body: 'Yes, move what you can. Dana will call you this afternoon.', author: 'Dana Whitaker' },
  })
  expect(await replied.json()).toMatchObject({ delivered: true, status: 200 })
  await expect(conversation.getByRole('log')).toContainText('Yes, move what you can. Dana will call you this afternoon.', { timeout: 60_000 })
  const mail = await mailTo(request, HOME.owner.email, new RegExp(`claim ${claimNumber}: a new message from the claims team`))
  expect(mail.text).toContain(`/claims/${claimNumber}`)
  expect(await scrollWidth(page)).toBeLessThanOrEqual(375)

  // Text messages for claim updates, the number verified with the code the SMS provider received.
  await page.goto('/manage-profile/notifications')
  await page.getByLabel('Mobile number *').fill(PHONE.typed)
  await page.getByLabel(/I agree to receive text messages from ProgHome/).check()
  await page.getByRole('button', { name: 'Send a code' }).click()
  await expect(page.getByRole('status')).toHaveText('We sent a 6-digit code by text message. It works for 10 minutes.')
  let code = ''
  await expect
    .poll(async () => {
      await runCron(request)
      const res = await request.get(`${STAND_INS}/sms/messages?to=${encodeURIComponent(PHONE.e164)}`)
      const texts = ((await res.json()) as { messages: { text: string }[] }).messages
      code = texts.map((m) => /your code is (\d{6})/.exec(m.text)?.[1]).find(Boolean) ?? ''
      return code
    })
    .toMatch(/^\d{6}$/)
  await page.getByLabel('Code *').fill(code)
  await page.getByRole('button', { name: 'Verify number' }).click()
  await expect(page.getByRole('status')).toHaveText('Your mobile number is verified. Choose the text messages you want below.')
  const claimUpdates = page.getByRole('group', { name: 'Claim updates' })
  await claimUpdates.getByLabel('Text message').check()
  await page.getByRole('button', { name: 'Save choices' }).click()
  await expect(page.getByRole('status')).toHaveText('Your notification choices are saved.')

  // The claims system assigns an adjuster: the text reaches the SMS provider, with the claim's address.
  const assigned = await request.post(`${STAND_INS}/claims-system/claims/${claimNumber}/events`, {
    data: { type: 'adjuster.assigned', data: { adjuster: { name: 'Dana Whitaker', phone: '512-555-0142', email: 'dana.whitaker@carrier.example' } } },
  })
  expect(await assigned.json()).toMatchObject({ delivered: true, status: 200 })
  await expect
    .poll(async () => {
      await runCron(request)
      return textsTo(request, claimNumber)
    })
    .toEqual([expect.stringContaining(`ProgHome claim ${claimNumber}: an adjuster has been assigned.`)])
  expect((await textsTo(request, claimNumber))[0]).toContain(`/claims/${claimNumber}`)

  // STOP from the phone, through the provider's signed webhook: the page says texts are off, and no more come.
  const stop = await request.post(`${STAND_INS}/sms/reply`, { data: { from: PHONE.e164, text: 'STOP' } })
  expect(await stop.json()).toMatchObject({ delivered: true, status: 200 })
  await page.goto('/manage-profile/notifications')
  await expect(page.getByRole('alert')).toContainText('Text messages are off: you replied STOP to one of our texts on')
  const requested = await request.post(`${STAND_INS}/claims-system/claims/${claimNumber}/events`, {
    data: { type: 'documents.requested', data: { items: ['Photos of the ceiling'] } },
  })
  expect(await requested.json()).toMatchObject({ delivered: true, status: 200 })
  // The request's mail arrives (its work ran), and still only the one text.
  await mailTo(request, HOME.owner.email, new RegExp(`claim ${claimNumber}: documents requested`))
  await runCron(request)
  expect(await textsTo(request, claimNumber)).toHaveLength(1)
})
