import { env } from 'cloudflare:workers'
import { expect } from 'vitest'
import { Browser } from './helpers'
import { withPolicy } from './servicing-helpers'
import { portalEnv, standInFetch } from './sso-support'
import { JSON_HEADER } from '../../shared/site-request'
import { SAVE_CONSENT_VERSION, type SavedMethodView } from '../../shared/payments/saved-methods'
import { policySchema, type Policy } from '../../shared/policy/schemas/policy'

const DAY = 86_400_000

/** The policy as stored now (the seed's document with what payments changed). */
export async function storedPolicy(policyId: string): Promise<Policy> {
  const row = await env.DB.prepare('SELECT doc FROM policies WHERE policy_id = ?').bind(policyId).first<{ doc: string }>()
  return policySchema.parse(JSON.parse(row!.doc))
}

/** Sets the portal's clock through the development clock (null: the real time again). */
export async function setClock(now: string | null): Promise<void> {
  const res = await new Browser().fetch('/__dev/clock', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ now }) })
  expect(res.status).toBe(200)
}

/** A /v1 call as the islands make it: JSON, a fresh Idempotency-Key. */
export function jsonCall(b: Browser, method: string, path: string, body?: unknown): Promise<Response> {
  return b.fetch(path, {
    method,
    headers: { ...JSON_HEADER, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
}

const familyOf = (policyId: string) => (policyId.startsWith('FLD') ? 'flood' : 'homeowners')

/** Saves a card for the browser's person, with the save consent given. */
export async function savedCard(b: Browser, cardNumber: string): Promise<SavedMethodView> {
  const res = await jsonCall(b, 'POST', '/v1/profile/PaymentMethods', {
    kind: 'card',
    cardNumber,
    expMonth: 12,
    expYear: 2099,
    cvv: '123',
    billingName: 'Test Payer',
    zipCode: '30305',
    consent: { accepted: true, version: SAVE_CONSENT_VERSION },
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { method: SavedMethodView }).method
}

/** The body of an enrolment with the method, its terms accepted as the terms operation gives them. */
export async function enrolBody(b: Browser, policyId: string, methodId: string) {
  const terms = (await (await b.fetch(`/v1/${familyOf(policyId)}/AutoPay/${policyId}/terms/${methodId}`, { headers: JSON_HEADER })).json()) as {
    text: string
    version: string
  }
  return { methodId, accepted: true, termsText: terms.text, termsVersion: terms.version }
}

/**
 * Saves a card for the policy's owner and enrols the policy with it, with the clock set ten days before
 * the due date (left there); `dueAt` is the due date's 17:00 UTC.
 */
export async function enrolled(policyId: string, cardNumber: string): Promise<{ b: Browser; policy: Policy; dueAt: number; methodId: string }> {
  const policy = await storedPolicy(policyId)
  expect(policy.amountDue + policy.pastDue).toBeGreaterThan(0)
  await setClock(new Date(Date.parse(`${policy.dueDate}T12:00:00Z`) - 10 * DAY).toISOString())
  const b = await withPolicy(policyId)
  const method = await savedCard(b, cardNumber)
  const enrol = await jsonCall(b, 'PUT', `/v1/${familyOf(policyId)}/AutoPay/${policyId}`, await enrolBody(b, policyId, method.id))
  expect(enrol.status).toBe(200)
  return { b, policy, dueAt: Date.parse(`${policy.dueDate}T17:00:00Z`), methodId: method.id }
}

/** The charges the payments stand-in took for the policy, oldest first. */
export async function chargesOf(policyId: string): Promise<{ outcome: string; amountCents: number }[]> {
  const res = await standInFetch(`${portalEnv.PAYMENT_API_URL}/charges`)
  const { charges } = (await res.json()) as { charges: { policyId: string; outcome: string; amountCents: number }[] }
  return charges.filter((c) => c.policyId === policyId)
}
