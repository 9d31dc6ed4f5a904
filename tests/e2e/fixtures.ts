import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test'

export { expect }

export interface ConsoleGuardOptions {
  /**
   * Console errors a test provokes on purpose (e.g. a chunk it makes fail to load), as one pattern
   * (`test.use({ allowedConsoleError: /a|b/ })`). Anything else on the console at level error, any
   * hydration warning and any uncaught exception fails the test.
   */
  allowedConsoleError: RegExp | undefined
}

/** A console line, kept until the end of the test (when every navigation's status is known). */
interface Logged {
  type: string
  text: string
  url: string
  page: string
}

/**
 * THE `test` of every e2e spec: Playwright's, plus a guard on every page of the test's context that
 * fails the test on any console error, hydration warning or uncaught exception. A page the test opens
 * on purpose with an error status (a 404, the session-ended page) is not an error: Chromium's
 * "Failed to load resource" line for that document is ignored; the same line for a script, a style
 * or a fetch is not.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: Playwright types an automatic fixture that yields nothing as void
export const test = base.extend<ConsoleGuardOptions & { consoleGuard: void }>({
  allowedConsoleError: [undefined, { option: true }],
  consoleGuard: [
    async ({ context, allowedConsoleError }, use) => {
      const logged: Logged[] = []
      const uncaught: string[] = []
      const errorDocuments = new Set<string>()
      const onConsole = (msg: ConsoleMessage) => {
        logged.push({ type: msg.type(), text: msg.text(), url: msg.location().url, page: msg.page()?.url() ?? '' })
      }
      const onResponse = (res: { url(): string; status(): number; request(): { isNavigationRequest(): boolean } }) => {
        if (res.status() >= 400 && res.request().isNavigationRequest()) errorDocuments.add(res.url())
      }
      const onWebError = (err: { error(): Error; page(): Page | null }) => {
        uncaught.push(`uncaught on ${err.page()?.url() ?? '?'}: ${err.error().stack ?? err.error().message}`)
      }
      context.on('console', onConsole)
      context.on('response', onResponse)
      context.on('weberror', onWebError)
      await use()
      context.off('console', onConsole)
      context.off('response', onResponse)
      context.off('weberror', onWebError)
      const problems = logged
        .filter((m) => m.type === 'error' || (m.type === 'warning' && /hydrat/i.test(m.text)))
        .filter((m) => !(m.text.startsWith('Failed to load resource') && errorDocuments.has(m.url)))
        .filter((m) => !allowedConsoleError?.test(m.text))
        .map((m) => `console.${m.type} on ${m.page}: ${m.text}${m.url ? ` (${m.url})` : ''}`)
      expect([...problems, ...uncaught], 'the browser console must stay clean').toEqual([])
    },
    { auto: true },
  ],
})

/** The persona manifest written next to the seed: who can log in, with what, and which policies they hold. */
interface PersonaPolicy {
  policyId: string
  tags: string[]
}

export interface Persona {
  key: string
  userName: string
  password: string
  email: string
  tags: string[]
  policies: PersonaPolicy[]
}

const MANIFEST = new URL('../fixtures/personas.json', import.meta.url)

let cache: Persona[] | null = null

function personas(): Persona[] {
  cache ??= (JSON.parse(readFileSync(MANIFEST, 'utf8')) as { personas: Persona[] }).personas
  return cache
}

/** The first persona carrying `tag` (e.g. 'direct.multi'); fails loudly when the manifest has none. */
export function personaTagged(tag: string): Persona {
  const found = personas().find((p) => p.tags.includes(tag))
  if (!found) throw new Error(`tests/fixtures/personas.json has no persona tagged "${tag}"`)
  return found
}

export const SESSION_ENDED = 'Your session has ended. Please return to login to access your account.'

/** Fills the login form by its labels and submits it with Enter in the password field, as a user would. */
export async function submitLogin(page: Page, userName: string, password: string): Promise<void> {
  await page.goto('/')
  await page.getByLabel('User ID or Email *', { exact: true }).fill(userName)
  const passwordField = page.getByLabel('Password *', { exact: true })
  await passwordField.fill(password)
  await passwordField.press('Enter')
}

/** Logs the persona in and waits until Account Home shows. */
export async function logIn(page: Page, persona: Persona): Promise<void> {
  await submitLogin(page, persona.userName, persona.password)
  await expect(page, `logging in as ${persona.userName} should reach Account Home`).toHaveURL(/\/account-home$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Account Home' })).toBeVisible()
}

/** Logs in and opens one of the persona's policies from Account Home (the policy card is a button). */
export async function openPolicy(page: Page, persona: Persona, policyId: string): Promise<void> {
  await logIn(page, persona)
  // The card's own control (a card may also offer Sign or Pay, whose names carry the policy id too).
  await page.getByRole('button', { name: new RegExp(`View your policy for policy details.*${policyId}`) }).click()
  await expect(page).not.toHaveURL(/\/account-home$/)
}

/**
 * The session timer runs: its script marks the hidden logout form it reads its settings from. Its
 * timers run from that moment.
 */
export async function waitForSessionTimer(page: Page): Promise<void> {
  await expect(page.locator('form[data-session-timer="running"]')).toBeAttached()
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

interface AxeViolation {
  id: string
  impact?: string | null
  help: string
  helpUrl: string
  nodes: { target: unknown[]; html: string; failureSummary?: string }[]
}

function describeViolations(violations: AxeViolation[]): string[] {
  return violations.map((v) => {
    const nodes = v.nodes
      .map((n) => `    at ${n.target.map(String).join(' ')}\n      ${n.html}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
      .join('\n')
    return `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n  ${v.helpUrl}\n${nodes}`
  })
}

/**
 * Runs axe (WCAG 2.0/2.1 A and AA) on the page as it is now and fails with a readable list of what is
 * wrong, where. `label` says which page and viewport, for the report.
 */
export async function expectNoAxeViolations(page: Page, label = page.url()): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()
  const found = describeViolations(results.violations as AxeViolation[])
  expect(found.length, `axe violations on ${label}:\n\n${found.join('\n\n')}\n`).toBe(0)
}

/** The document's scroll width in CSS pixels: wider than the viewport means sideways scrolling. */
export async function scrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollWidth)
}

/** A POST to a development stand-in (/__dev/clock, /__dev/scheduled): the stand-ins want the portal's own Origin. */
export async function devPost(page: Page, path: string, data?: unknown) {
  const origin = new URL(page.url() === 'about:blank' ? 'http://127.0.0.1/' : page.url()).origin
  return page.request.post(path, { ...(data === undefined ? {} : { data }), headers: { Origin: origin } })
}

/**
 * English again for whoever the browser is signed in as, the header's own form posted (issue 36): a spec
 * that chooses Español saves it in the person's profile, and signing in copies it to every later browser,
 * so it runs this after each test, passed or failed, for the specs after it. Without a session only this
 * browser's choice changes.
 */
export async function backToEnglish(page: Page, baseURL: string): Promise<void> {
  const res = await page.request.post('/language', { form: { language: 'en', returnTo: '/' }, headers: { Origin: baseURL }, maxRedirects: 0 })
  expect(res.status(), 'choosing English again').toBe(303)
}
