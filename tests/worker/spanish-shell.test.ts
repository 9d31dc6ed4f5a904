import { env } from 'cloudflare:workers'
import { serializeSigned } from 'hono/utils/cookie'
import { beforeAll, describe, expect, it } from 'vitest'
import { persona, seed, setCookies, type Persona } from './helpers'
import { ProfileBrowser } from './profile-helpers'
import { mainOf, policyTagged, text } from './servicing-helpers'
import { findEnglish } from '../support/find-english'
import { profileLanguage, setProfileLanguage } from '../../worker/db/identity/profiles'
import { MSG } from '../../shared/forms/messages'
import { LANGUAGE_COOKIE } from '../../shared/i18n/locale'

/**
 * Issue 36 items 1 and 2 (decision 230): the header's language choice (cookie, profile, the way back,
 * first visit, sign-in), and the page shell in Spanish: header, side nav, footers, dialogs, the
 * session-timeout warning's texts, titles, the 404 and Error pages, a system message, the session-ended
 * page, the too-many page and the accessibility statement. Page bodies of the other areas are theirs:
 * on their pages only the shell's parts are checked here.
 */
beforeAll(() => seed(), 120_000)

/**
 * What findEnglish may pass here: the demo seed's data the shell shows as it is (claims' perils and
 * statuses come from the policy system; longest first, as they are cut out in order), and two Spanish
 * words it would take for English: 'error' (the same word in both) and 'allí' (its letters split at the
 * accent, leaving 'all').
 */
const SEED_DATA = ['Closed Without Payment', 'Water Damage', 'Hail', 'Wind', 'Water', 'Fire', 'Theft', 'Open', 'Closed', 'Reopened', 'Pending', 'Flood']
const SPANISH_LOOKALIKES = ['error', 'Error', 'allí']
const ALLOW = [...SEED_DATA, ...SPANISH_LOOKALIKES]

const profileIdOf = async (p: Persona) =>
  (await env.DB.prepare('SELECT profile_id FROM profiles WHERE user_name = ?').bind(p.userName).first<{ profile_id: string }>())!.profile_id

function spanishBrowser(): ProfileBrowser {
  const b = new ProfileBrowser()
  b.cookies.set(LANGUAGE_COOKIE, 'es')
  return b
}

async function signIn(b: ProfileBrowser, p: Persona): Promise<Response> {
  const res = await b.form('/', { userName: p.userName, password: p.password })
  expect(res.status).toBe(303)
  return res
}

/** The shell's parts of a page: what this helper owns, whatever the page's body. */
function shellParts(html: string) {
  const part = (re: RegExp) => re.exec(html)?.[0] ?? ''
  return {
    title: part(/<title>[^<]*<\/title>/),
    skipLink: part(/<a class="skip-link"[^>]*>[^<]*<\/a>/),
    header: part(/<header class="site-header">[\s\S]*?<\/header>/),
    sideNav: part(/<details class="side-nav">[\s\S]*?<\/details>/),
    claimsList: part(/<dialog id="claims-list-dialog"[\s\S]*?<\/dialog>/),
    partner: part(/<div class="partner-banner"[\s\S]*?<\/div>/) + part(/<dialog id="great-news-dialog"[\s\S]*?<\/dialog>/),
    footer: part(/<footer class="page-footer">[\s\S]*?<\/footer>/),
    sessionTimer: part(/<form[^>]*data-session-timer[\s\S]*?<\/form>/),
  }
}

function englishInShell(html: string): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(shellParts(html))
      .map(([name, h]) => [name, findEnglish(h, ALLOW)] as const)
      .filter(([, found]) => found.length > 0),
  )
}

const metaDescription = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? ''

describe('the language choice', () => {
  it('remembers the choice for a year in this browser and goes back to the page it came from', async () => {
    const b = new ProfileBrowser()
    const res = await b.form('/language', { language: 'es', returnTo: '/accessibility?from=footer' })
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe('/accessibility?from=footer')
    const cookie = setCookies(res).find((c) => c.startsWith(`${LANGUAGE_COOKIE}=`))
    expect(cookie).toMatch(/^ph_lang=es;/)
    expect(cookie).toMatch(/Max-Age=31536000/)
    for (const attribute of ['Path=/', 'Secure', 'SameSite=Lax', 'HttpOnly']) expect(cookie).toContain(attribute)
    const page = await (await b.fetch('/accessibility?from=footer')).text()
    expect(page).toContain('<html lang="es-US">')
    expect(page).toContain('<h1 id="a11y-heading">Declaración de accesibilidad</h1>')

    const back = await b.form('/language', { language: 'en', returnTo: '/' })
    expect(back.headers.get('Location')).toBe('/')
    expect(await (await b.fetch('/')).text()).toContain('<html lang="en-US">')
  })

  it("signed in, saves it to the profile too (the profile's mails follow it)", async () => {
    const sam = persona('direct.single')
    const b = new ProfileBrowser()
    await signIn(b, sam)
    const id = await profileIdOf(sam)
    expect(await profileLanguage(env.DB, id)).toBe('en')
    expect((await b.form('/language', { language: 'es', returnTo: '/account-home' })).headers.get('Location')).toBe('/account-home')
    expect(await profileLanguage(env.DB, id)).toBe('es')
    expect(await (await b.fetch('/account-home')).text()).toContain('<html lang="es-US">')
    await b.form('/language', { language: 'en', returnTo: '/account-home' })
    expect(await profileLanguage(env.DB, id)).toBe('en')
  })

  it.each([
    ['another site', 'https://evil.example/'],
    ['a scheme-relative address', '//evil.example/x'],
    ['a backslash address', '/\\evil.example'],
    ['a javascript: address', 'javascript:alert(1)'],
    ['a header injection', '/ok\r\nSet-Cookie: x=1'],
    ['nothing', ''],
  ])('refuses %s as the way back (400), and remembers nothing', async (_name, returnTo) => {
    const b = new ProfileBrowser()
    const res = await b.form('/language', { language: 'es', returnTo })
    expect(res.status).toBe(400)
    expect(res.headers.get('Location')).toBeNull()
    expect(await res.text()).toBe('The page to return to must be a page of this site.')
    expect(b.cookies.has(LANGUAGE_COOKIE)).toBe(false)
  })

  it('refuses a language it does not have, and a choice posted from another site', async () => {
    const b = new ProfileBrowser()
    expect((await b.form('/language', { language: 'fr', returnTo: '/' })).status).toBe(400)
    expect((await b.form('/language', { language: 'es', returnTo: '/' }, { Origin: 'https://evil.example' })).status).toBe(403)
    expect(b.cookies.has(LANGUAGE_COOKIE)).toBe(false)
  })

  it("a first visit follows the browser's Accept-Language, and sets no cookie", async () => {
    const es = await new ProfileBrowser().fetch('/', { headers: { 'Accept-Language': 'es-MX,es;q=0.9,en;q=0.5' } })
    expect(await es.text()).toContain('<html lang="es-US">')
    expect(setCookies(es).some((c) => c.startsWith(`${LANGUAGE_COOKIE}=`))).toBe(false)
    const en = await new ProfileBrowser().fetch('/', { headers: { 'Accept-Language': 'en-US,en;q=0.9,es;q=0.3' } })
    expect(await en.text()).toContain('<html lang="en-US">')
    // The choice outranks the browser's preference.
    const chosen = spanishBrowser()
    expect(await (await chosen.fetch('/', { headers: { 'Accept-Language': 'en-US' } })).text()).toContain('<html lang="es-US">')
  })

  it("signing in on a new browser brings the profile's Spanish with it", async () => {
    const erin = persona('direct.edge-cases')
    await setProfileLanguage(env.DB, await profileIdOf(erin), 'es')
    for (const start of [null, 'en'] as const) {
      const b = new ProfileBrowser()
      if (start) b.cookies.set(LANGUAGE_COOKIE, start)
      const res = await signIn(b, erin)
      expect(setCookies(res).find((c) => c.startsWith(`${LANGUAGE_COOKIE}=`))).toMatch(/^ph_lang=es;/)
      expect(await (await b.fetch('/account-home')).text()).toContain('<html lang="es-US">')
    }
  })

  it('Español chosen on the login page stays after signing in, and the profile keeps it', async () => {
    const casey = persona('direct.catalog')
    const id = await profileIdOf(casey)
    expect(await profileLanguage(env.DB, id)).toBe('en')
    const b = new ProfileBrowser()
    await b.form('/language', { language: 'es', returnTo: '/' })
    await signIn(b, casey)
    expect(b.cookies.get(LANGUAGE_COOKIE)).toBe('es')
    expect(await profileLanguage(env.DB, id)).toBe('es')
    expect(await (await b.fetch('/account-home')).text()).toContain('<html lang="es-US">')
  })

  it('holds a burst to its limit: 30 choices per account in 15 minutes, sent at once, then the Spanish 429 page', async () => {
    const wren = persona('direct.worstday')
    const b = spanishBrowser()
    await signIn(b, wren)
    // Each request from its own address: the account's count is what holds them.
    const answers = await Promise.all(
      Array.from({ length: 36 }, (_, i) => {
        const one = new ProfileBrowser(`127.0.102.${i + 1}`)
        one.cookies = new Map(b.cookies)
        return one.form('/language', { language: 'es', returnTo: '/account-home' })
      }),
    )
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 303)).toHaveLength(30)
    expect(statuses.filter((s) => s === 429)).toHaveLength(6)
    const refused = await answers.find((r) => r.status === 429)!.text()
    expect(refused).toContain('<html lang="es-US">')
    expect(findEnglish(refused, ALLOW)).toEqual([])
    expect(text(mainOf(refused))).toContain('Demasiadas solicitudes en poco tiempo.')
  })
})

describe('the shell in Spanish', () => {
  it('a signed-out page: header with the choice of English, skip link, title, description and footer', async () => {
    const html = await (await spanishBrowser().fetch('/')).text()
    expect(html).toContain('<html lang="es-US">')
    expect(englishInShell(html)).toEqual({})
    expect(findEnglish(`<p>${metaDescription(html)}</p>`)).toEqual([])
    expect(html).toContain('<title>Iniciar sesión - ProgHome</title>')
    expect(html).toMatch(/<button type="submit" class="btn btn--link" lang="en-US">English<\/button>/)
    expect(text(shellParts(html).footer)).toContain('o repórtelo en línea sin iniciar sesión')
  })

  it('a signed-in servicing page: header, Policy Menu, claims list, footers and the session warning', async () => {
    const { owner, policyId } = policyTagged('policy.multiple-claims')
    const b = spanishBrowser()
    await signIn(b, owner)
    expect((await b.form('/account-home', { policyId })).status).toBe(303)
    const html = await (await b.fetch('/policy-information')).text()
    const parts = shellParts(html)
    for (const name of ['header', 'sideNav', 'claimsList', 'footer', 'sessionTimer'] as const) expect(parts[name], name).not.toBe('')
    expect(englishInShell(html)).toEqual({})
    expect(html).toContain('<title>Resumen de la póliza - ProgHome</title>')
    expect(text(parts.sideNav)).toContain(`Menú de la póliza ${policyId}`)
    expect(text(parts.header)).toContain('Cerrar sesión')
    expect(parts.sessionTimer).toContain('"title":"Su sesión está por vencer"')
  })

  it("the partner's Great News banner and dialog", async () => {
    const b = spanishBrowser()
    await signIn(b, persona('direct.partner'))
    const html = await (await b.fetch('/account-home')).text()
    expect(shellParts(html).partner).toContain('¡Buenas noticias!')
    expect(englishInShell(html)).toEqual({})
  })

  it('the 404 page, whose language choice goes home rather than back to an address nobody serves', async () => {
    const res = await spanishBrowser().fetch('/no-such-page')
    expect(res.status).toBe(404)
    const html = await res.text()
    expect(html).toContain('<input type="hidden" name="returnTo" value="/"/>')
    expect(html).not.toContain('no-such-page')
    expect(findEnglish(html, SPANISH_LOOKALIKES)).toEqual([])
    expect(html).toContain('<title>Página no encontrada - ProgHome</title>')
  })

  it('the Error page, where a failure of ours lands, with a flashed detail in Spanish', async () => {
    for (const signedIn of [false, true]) {
      const b = spanishBrowser()
      if (signedIn) await signIn(b, persona('direct.multi'))
      const html = await (await b.fetch('/error')).text()
      expect(findEnglish(html, ALLOW)).toEqual([])
      expect(text(mainOf(html))).toContain('Ocurrió un error inesperado.')
    }
  })

  it('a system message: heading, body of spec 001, phone line, return and redirect buttons, title', async () => {
    const b = spanishBrowser()
    await signIn(b, persona('direct.multi'))
    await plantFlash(b, { text: MSG.issue502, isError: true, productionRedirect: true, showPhoneNumber: true, showRedirectButton: true })
    const res = await b.fetch('/system-message')
    const html = await res.text()
    expect(findEnglish(html, ALLOW)).toEqual([])
    expect(html).toContain('<title>Error: Mensaje del sistema - ProgHome</title>')
    expect(text(mainOf(html))).toContain('Ocurrió un error inesperado. Parece que hubo un problema.')
    expect(text(mainOf(html))).toContain('Volver a iniciar sesión')

    await plantFlash(b, { text: 'Su pago se recibió.' })
    const success = await (await b.fetch('/system-message')).text()
    expect(findEnglish(success, ALLOW)).toEqual([])
    expect(success).toContain('<title>Éxito: Mensaje del sistema - ProgHome</title>')
    expect(text(mainOf(success))).toMatch(/¡Listo!.*Volver al inicio de la cuenta/)
  })

  it('the session-ended page', async () => {
    const res = await spanishBrowser().fetch('/policy-information')
    expect(res.status).toBe(401)
    const html = await res.text()
    expect(findEnglish(html)).toEqual([])
    expect(html).toContain('<title>Sesión terminada - ProgHome</title>')
  })

  it('the accessibility statement', async () => {
    const html = await (await spanishBrowser().fetch('/accessibility')).text()
    expect(findEnglish(html, ['WCAG', 'AA', 'axe', 'JavaScript', 'PDF/UA-1', 'PDF/UA', 'px'])).toEqual([])
    expect(html).toContain('<title>Declaración de accesibilidad - ProgHome</title>')
    expect(text(mainOf(html))).toContain('Esta declaración se revisó por última vez el 28 de noviembre de 2026.')
  })
})

describe('the same shell in English keeps the spec texts', () => {
  it('header, footer, system message and 404 as before', async () => {
    const noor = persona('direct.paired-home-flood')
    await setProfileLanguage(env.DB, await profileIdOf(noor), 'en')
    const b = new ProfileBrowser()
    await signIn(b, noor)
    await plantFlash(b, { text: 'Done.' })
    const html = await (await b.fetch('/system-message')).text()
    expect(html).toContain('<html lang="en-US">')
    expect(html).toContain('<title>Success: System Message - ProgHome</title>')
    expect(text(shellParts(html).header)).toContain('Español Menu Account Home Log Out')
    expect(html).toMatch(/<button type="submit" class="btn btn--link" lang="es-US">Español<\/button>/)
    expect(text(mainOf(html))).toMatch(/Success! Done\. Return to Account Home/)
    expect(text(shellParts(html).footer)).toContain('Report a claim 24 hours a day:')
    const missing = await (await new ProfileBrowser().fetch('/no-such-page')).text()
    expect(text(mainOf(missing))).toContain("Page Not Found We couldn't find the page you were looking for.")
  })
})

async function plantFlash(b: ProfileBrowser, message: Record<string, unknown>): Promise<void> {
  const line = await serializeSigned('ph_flash', JSON.stringify({ isError: false, ...message }), env.FLASH_SIGNING_KEY, { path: '/' })
  b.cookies.set('ph_flash', line.split(';')[0]!.split('=').slice(1).join('='))
}
