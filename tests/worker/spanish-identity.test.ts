import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { persona, seed, type Persona } from './helpers'
import { mailTo, ProfileBrowser, resetLinkFor, unlinked } from './profile-helpers'
import { findEnglish } from '../support/find-english'
import { LANGUAGE_COOKIE } from '../../shared/i18n/locale'
import { passkeysChangedMail } from '../../worker/integrations/mail/security-templates'

/**
 * Issue 36, decision 231: signing in, the profile and SSO in Spanish. Each page of worker/pages/identity
 * and worker/pages/sso, in each state a person can reach, read with `ph_lang=es`: <html lang="es-US"> and no
 * English in the page's own part (<main>). The header, nav, footer, page title and error summary are the
 * shell's (helper B, tests/worker/spanish-shell.test.ts), the claim front door the claims' (helper D): they
 * are taken out before the check. The identity mails are written in the profile's language.
 */

/** Words a Spanish page keeps: the texting keywords carriers answer to (CTIA), which stay English. */
const SEED = ['STOP', 'HELP']

const multi = () => persona('direct.multi')

/** The page's own part: its <main>, without the shell's error summary and the claims' front door. */
function pageBody(html: string): string {
  const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? html
  return main
    .replace(/<section class="alert alert--error error-summary"[\s\S]*?<\/section>/g, '')
    .replace(/<section class="card login__claim"[\s\S]*?<\/section>/g, '')
}

function expectSpanish(html: string, allow: readonly string[] = []): void {
  expect(html).toMatch(/<html lang="es-US"/)
  expect(findEnglish(pageBody(html), [...SEED, ...allow])).toEqual([])
}

function spanishBrowser(): ProfileBrowser {
  const b = new ProfileBrowser()
  b.cookies.set('ph_lang', 'es')
  return b
}

async function signedIn(p: Persona): Promise<ProfileBrowser> {
  const b = spanishBrowser()
  const res = await b.login(p)
  expect(res.status).toBe(303)
  return b
}

async function page(b: ProfileBrowser, path: string): Promise<string> {
  return (await b.fetch(path)).text()
}

async function setLanguage(p: Persona, language: 'en' | 'es'): Promise<void> {
  await env.DB.prepare('UPDATE profiles SET language = ? WHERE user_name = ?').bind(language, p.userName).run()
}

beforeAll(() => seed())
afterEach(async () => {
  await env.DB.prepare("DELETE FROM counters WHERE counter_key LIKE 'code-%' OR counter_key LIKE 'reset:%'").run()
  await env.DB.prepare('UPDATE profiles SET two_step = 0').run()
})

describe('signed out, in Spanish', () => {
  it('Login: the form, its errors, Login Failed and the passkey prompt', async () => {
    const b = spanishBrowser()
    const html = await page(b, '/')
    expectSpanish(html)
    expect(html).toContain('Iniciar sesión: póliza de inundación')
    const empty = await b.form('/', { userName: '', password: '' })
    expect(empty.status).toBe(400)
    const emptyHtml = await empty.text()
    expectSpanish(emptyHtml)
    expect(emptyHtml).toContain('Este dato es obligatorio')
    const wrong = await b.form('/', { userName: multi().userName, password: 'Wrong#Pass9' })
    expect(wrong.status).toBe(401)
    const wrongHtml = await wrong.text()
    expectSpanish(wrongHtml)
    expect(wrongHtml).toContain('No se pudo iniciar sesión.')
    const prompt = await page(b, '/?passkey=1')
    expectSpanish(prompt)
    expect(prompt).toContain('Iniciar sesión con una llave de acceso')
    // The passkey script's messages come in the page, in Spanish (the /v1 answers it shows are English).
    const texts = /<script type="application\/json" data-island-texts="">([^<]*)<\/script>/.exec(prompt)?.[1]
    expect(texts).toBeDefined()
    expect(JSON.parse(texts!)).toMatchObject({ 'This browser cannot use passkeys. Log in with your password.': expect.stringContaining('llaves de acceso') })
  })

  it('Log Out: logged off, and the confirmation after logging out', async () => {
    expectSpanish(await page(spanishBrowser(), '/Logout'))
    const b = await signedIn(multi())
    const still = await page(b, '/Logout')
    expectSpanish(still)
    expect(still).toContain('Su sesión sigue abierta.')
    const out = await (await b.form('/Logout', {})).text()
    expectSpanish(out)
    expect(out).toContain('Usted cerró sesión a las ')
  })

  it('Forgot Password: the form, its errors, and the message once sent', async () => {
    const b = spanishBrowser()
    expectSpanish(await page(b, '/forgot-password'))
    const bad = await b.form('/forgot-password', { email: 'not-an-address' })
    expect(bad.status).toBe(400)
    const badHtml = await bad.text()
    expectSpanish(badHtml)
    expect(badHtml).toContain('El correo electrónico no es válido.')
    const sent = await (await b.form('/forgot-password', { email: 'nobody@example.com' })).text()
    expectSpanish(sent)
    expect(sent).toContain('Si los datos ingresados corresponden a una cuenta válida')
  })

  it('Choose a New Password: a dead link, the form and its errors, and done', async () => {
    const b = spanishBrowser()
    const dead = await b.fetch('/reset-password')
    expect(dead.status).toBe(400)
    expectSpanish(await dead.text())
    const p = persona('direct.single')
    // With 2-step sign-in on, the form also asks who you are (recovery, decision 181).
    await env.DB.prepare('UPDATE profiles SET two_step = 1 WHERE user_name = ?').bind(p.userName).run()
    await b.form('/forgot-password', { email: p.email })
    // The reset mail is queued after the answer (decision 122): wait for it.
    const link = await vi.waitFor(() => resetLinkFor(p.email))
    expect((await b.fetch(link)).status).toBe(303)
    const form = await page(b, '/reset-password')
    expectSpanish(form)
    expect(form).toContain('Elija una contraseña nueva')
    expect(form).toContain('Confirme quién es usted')
    const mismatch = await b.form('/reset-password', { password: 'Fresh#Start1', passwordConfirm: 'Fresh#Start2' })
    expect(mismatch.status).toBe(400)
    const mismatchHtml = await mismatch.text()
    expectSpanish(mismatchHtml)
    expect(mismatchHtml).toContain('Las contraseñas deben coincidir.')
    expectSpanish(await page(b, '/reset-password?done=1'))
  })

  it('Find My Policy and Register My Policy: forms, errors, and the start without a policy number', async () => {
    const b = spanishBrowser()
    expectSpanish(await page(b, '/find-policy'))
    const empty = await b.form('/find-policy', { policyId: '' })
    const emptyHtml = await empty.text()
    expectSpanish(emptyHtml)
    expect(emptyHtml).toContain('El número de póliza es obligatorio.')
    const odd = await (await b.form('/find-policy', { policyId: '12' })).text()
    expectSpanish(odd)
    expect(odd).toContain('Ingrese el número de póliza con su prefijo de tres letras')
    expectSpanish(await page(b, '/register-policy'))
    const u = unlinked('unregistered.flood')
    const register = await page(b, `/register-policy?policyId=${u.policyId}`)
    expectSpanish(register, [u.policyId])
    expect(register).toContain('Registrar mi póliza')
    const refused = await b.form('/register-policy', {
      policyID: u.policyId,
      lastName: '',
      userName: '',
      emailAddress: '',
      password: 'short',
      passwordConfirm: '',
    })
    expect(refused.status).toBe(400)
    const refusedHtml = await refused.text()
    expectSpanish(refusedHtml, [u.policyId])
    expect(refusedHtml).toContain('El apellido es obligatorio.')
    expect(refusedHtml).toContain('La contraseña debe tener entre 7 y 35 caracteres')
  })

  it('Enter Your Code: the code page, a wrong code, and a sign-in that took too long', async () => {
    const gone = await spanishBrowser().fetch('/sign-in-code')
    expect(gone.status).toBe(400)
    expectSpanish(await gone.text())
    const p = persona('direct.single')
    await env.DB.prepare('UPDATE profiles SET two_step = 1 WHERE user_name = ?').bind(p.userName).run()
    const b = spanishBrowser()
    expect((await b.login(p)).headers.get('Location')).toBe('/sign-in-code')
    const code = await page(b, '/sign-in-code')
    expectSpanish(code)
    expect(code).toContain('Ingrese su código')
    const wrong = await b.form('/sign-in-code', { intent: 'code', code: '12' })
    const wrongHtml = await wrong.text()
    expectSpanish(wrongHtml)
    expect(wrongHtml).toContain('El código tiene 6 dígitos')
  })

  it('SSO: a bad sign-in link, and the opt-out confirmation', async () => {
    const b = spanishBrowser()
    const bad = await b.fetch('/sso-progressive-landing?PPA=%00')
    const badHtml = await bad.text()
    expectSpanish(badHtml)
    expect(badHtml).toContain('Iniciando sesión')
    // An answer to a hand-off question that is not waiting: the expired request.
    const expired = await b.form('/sso-progressive-landing', { state: 'x', decision: 'continue' })
    expect(expired.status).toBe(400)
    const expiredHtml = await expired.text()
    expectSpanish(expiredHtml)
    expect(expiredHtml).toContain('Esta solicitud para iniciar sesión venció o ya se usó.')
    const optOut = await page(b, '/privacy/confirmation?PgrOptOutPref=1&persistSuccessful=0')
    expectSpanish(optOut)
    expect(optOut).toContain('Su solicitud de exclusión se aplica solo a este navegador.')
  })

  it('Great News, and the way to the partner', async () => {
    const b = spanishBrowser()
    const news = await page(b, '/great-news')
    expectSpanish(news)
    expect(news).toContain('¡Buenas noticias!')
    const leaving = await (await b.form('/great-news', {})).text()
    expectSpanish(leaving)
  })
})

describe('signed in, in Spanish', () => {
  it('Your Policies: the list with Remove and its dialog, editing a nickname, a nickname too long, and the confirmation page', async () => {
    const p = multi()
    const b = await signedIn(p)
    const ids = p.policies.map((x: { policyId: string }) => x.policyId)
    const list = await page(b, '/manage-policies')
    expectSpanish(list, ids)
    expect(list).toContain('¿Está seguro de que desea quitar esta póliza?')
    expectSpanish(await page(b, `/manage-policies?edit=${ids[0]}`), ids)
    const long = await b.form('/manage-policies', { policyId: ids[0]!, nickname: 'x'.repeat(30) })
    expect(long.status).toBe(400)
    const longHtml = await long.text()
    expectSpanish(longHtml, ids)
    expect(longHtml).toContain('La longitud máxima permitida es 20')
    expectSpanish(await page(b, `/manage-policies/remove?policyId=${ids[1]}`), ids)
  })

  it('Your Profile: the form, saved, the password form and its errors', async () => {
    const b = await signedIn(multi())
    expectSpanish(await page(b, '/manage-profile'))
    expectSpanish(await page(b, '/manage-profile?saved=1'))
    expectSpanish(await page(b, '/manage-profile?password=1'))
    const refused = await b.form('/manage-profile', { intent: 'password', currentPassword: '', password: 'x', passwordConfirm: '' })
    expect(refused.status).toBe(400)
    const html = await refused.text()
    expectSpanish(html)
    expect(html).toContain('La contraseña actual es obligatoria')
    const profileRefused = await (await b.form('/manage-profile', { intent: 'profile', userName: '', emailAddress: 'nope' })).text()
    expectSpanish(profileRefused)
    expect(profileRefused).toContain('El correo electrónico no es válido')
  })

  it('Find My Policy and Add My Policy from a profile', async () => {
    const b = await signedIn(multi())
    expectSpanish(await page(b, '/find-policy'))
    expectSpanish(await page(b, '/add-policy'))
    const u = unlinked('unregistered.flood')
    const add = await page(b, `/add-policy?policyId=${u.policyId}`)
    expectSpanish(add, [u.policyId])
    const refused = await (await b.form('/add-policy', { policyID: u.policyId, lastName: '' })).text()
    expectSpanish(refused, [u.policyId])
  })

  it('Notifications: choices, the phone form and its errors, each status, a stopped number and a code waiting', async () => {
    const p = multi()
    const b = await signedIn(p)
    const html = await page(b, '/manage-profile/notifications')
    expectSpanish(html)
    expect(html).toContain('Acepto recibir mensajes de texto de ProgHome')
    for (const done of ['saved', 'sent', 'verified']) expectSpanish(await page(b, `/manage-profile/notifications?done=${done}`))
    const refused = await b.form('/manage-profile/notifications/phone', { phone: '12', consentVersion: 'x' })
    expect(refused.status).toBe(400)
    expectSpanish(await refused.text())
    // A verified number that later sent STOP; a code waiting for a number: their sentences, dates in Spanish.
    const profileId = (await env.DB.prepare('SELECT profile_id FROM profiles WHERE user_name = ?').bind(p.userName).first<string>('profile_id'))!
    const at = Date.UTC(2026, 10, 2, 15)
    await env.DB.prepare(
      "INSERT INTO profile_phones (profile_id, phone, verified_at, consent_version, consent_text, consent_at, stopped_at, stop_word) VALUES (?, '+15125550142', ?, 'v', 't', ?, ?, 'STOP')",
    )
      .bind(profileId, at, at, at)
      .run()
    await env.DB.prepare(
      "INSERT INTO phone_codes (profile_id, phone, code_hash, consent_version, expires_at, created_at) VALUES (?, '+15125550143', 'h', 'v', ?, ?)",
    )
      .bind(profileId, Date.now() + 600_000, Date.now())
      .run()
    try {
      const phone = await page(b, '/manage-profile/notifications')
      expectSpanish(phone)
      expect(phone).toContain('Los mensajes de texto van al (512) 555-0142, verificado el 2 nov 2026.')
      expect(phone).toContain('usted respondió STOP a uno de nuestros mensajes el 2 nov 2026.')
      expect(phone).toContain('Ingrese el código que enviamos por mensaje de texto al (512) 555-0143')
    } finally {
      await env.DB.prepare('DELETE FROM profile_phones WHERE profile_id = ?').bind(profileId).run()
      await env.DB.prepare('DELETE FROM phone_codes WHERE profile_id = ?').bind(profileId).run()
    }
  })

  it('Sign-in and security: sessions, 2-step sign-in, passkeys, and Confirm It Is You', async () => {
    const b = await signedIn(multi())
    const sessions = await page(b, '/manage-profile/sessions')
    expectSpanish(sessions)
    expect(sessions).toContain('Este dispositivo')
    for (const done of ['one', 'others', 'gone']) expectSpanish(await page(b, `/manage-profile/sessions?done=${done}`))
    expectSpanish(await page(b, '/manage-profile/two-step'))
    expectSpanish(await page(b, '/manage-profile/two-step?done=on'))
    expectSpanish(await page(b, '/manage-profile/two-step?done=off'))
    const passkeys = await page(b, '/manage-profile/passkeys')
    expectSpanish(passkeys)
    expect(passkeys).toContain('Todavía no tiene llaves de acceso.')
    for (const done of ['added', 'removed', 'gone']) expectSpanish(await page(b, `/manage-profile/passkeys?done=${done}`))
    expectSpanish(await page(b, '/manage-profile/confirm?next=profile'))
    const sent = await (await b.form('/manage-profile/confirm?next=profile', { intent: 'send' })).text()
    expectSpanish(sent)
    expect(sent).toContain('Enviamos un código de 6 dígitos a ')
    const noCode = await (await b.form('/manage-profile/confirm?next=profile', { intent: 'code', code: '12' })).text()
    expectSpanish(noCode)
  })
})

describe('English stays as the spec gives it', () => {
  it('the login page in English: the spec texts, <html lang="en-US">', async () => {
    const html = await page(new ProfileBrowser(), '/')
    expect(html).toMatch(/<html lang="en-US"/)
    for (const text of ['Flood Policy Login', 'User ID or Email *', 'Forgot your password?', 'Flood Policy Registration', 'Register My Flood Policy']) {
      expect(html).toContain(text)
    }
    expect(html).not.toContain('Iniciar sesión')
  })
})

describe('identity mails in the profile language', () => {
  it('a sign-in code, a new device, 2-step sign-in turned on, a reset link and a changed password, in Spanish', async () => {
    const p = persona('direct.single')
    await setLanguage(p, 'es')
    // Every mail here is asked for from a browser that has chosen no language (its requests are English):
    // the mail follows the profile, not the request.
    const englishBrowser = () => new ProfileBrowser()
    try {
      // A browser the profile never used: the new-device notice.
      const b = englishBrowser()
      expect((await b.login(p)).status).toBe(303)
      const newDevice = (await mailTo(p.email)).find((m) => m.kind === 'new-device-sign-in')!
      expect(newDevice.subject).toBe('Nuevo inicio de sesión en su perfil de ProgHome')
      expect(newDevice.text).toContain('Dispositivo: ')
      expect(newDevice.text).toMatch(/Cuándo: \d{1,2} [a-z]{3}\.? \d{4} /)
      expect(findEnglish(newDevice.text, SEED)).toEqual([])

      // Signing in gave this browser the profile's Spanish: it chooses nothing again before the next mail.
      b.cookies.delete(LANGUAGE_COOKIE)
      expect((await b.form('/manage-profile/two-step', { turn: 'on' })).status).toBe(303)
      const twoStep = (await mailTo(p.email)).find((m) => m.kind === 'two-step-changed')!
      expect(twoStep.subject).toBe('El inicio de sesión en 2 pasos está activado en su perfil de ProgHome')
      expect(findEnglish(twoStep.text, SEED)).toEqual([])

      const other = englishBrowser()
      expect((await other.login(p)).headers.get('Location')).toBe('/sign-in-code')
      const code = (await mailTo(p.email)).find((m) => m.kind === 'sign-in-code')!
      expect(code.subject).toMatch(/^Su código de ProgHome: \d{6}$/)
      expect(code.text).toContain('para terminar de iniciar sesión en ProgHome')
      expect(findEnglish(code.text, SEED)).toEqual([])

      // Without 2-step sign-in, the reset asks no identity check (decision 181).
      await env.DB.prepare('UPDATE profiles SET two_step = 0 WHERE user_name = ?').bind(p.userName).run()
      const resets = async () => (await mailTo(p.email)).filter((m) => m.kind === 'password-reset')
      const before = (await resets()).length
      await englishBrowser().form('/forgot-password', { email: p.email })
      // Queued after the answer (decision 122): wait for the new one.
      const reset = await vi.waitFor(async () => {
        const all = await resets()
        expect(all.length).toBe(before + 1)
        return all[0]!
      })
      expect(reset.subject).toBe('Restablezca su contraseña de ProgHome')
      expect(findEnglish(reset.text, SEED)).toEqual([])
      const r = englishBrowser()
      await r.fetch(await resetLinkFor(p.email))
      expect((await r.form('/reset-password', { password: 'Nuevo#Inicio7', passwordConfirm: 'Nuevo#Inicio7' })).status).toBe(303)
      const changed = (await mailTo(p.email)).find((m) => m.kind === 'password-changed')!
      expect(changed.subject).toBe('Se cambió su contraseña de ProgHome')
      expect(findEnglish(changed.text, SEED)).toEqual([])
    } finally {
      await setLanguage(p, 'en')
    }
  })

  it('a changed email address and a passkey notice, in Spanish; the same mail in English is unchanged', async () => {
    const added = passkeysChangedMail('pat@example.com', { added: 'Mi teléfono' }, '8005551234', 'es')
    expect(added.subject).toBe('Se agregó una llave de acceso a su perfil de ProgHome')
    expect(findEnglish(added.text)).toEqual([])
    expect(passkeysChangedMail('pat@example.com', { added: 'My phone' }, '8005551234', 'en').subject).toBe('A passkey was added to your ProgHome profile')

    const p = multi()
    await setLanguage(p, 'es')
    try {
      const b = await signedIn(p)
      const res = await b.form('/manage-profile', {
        intent: 'profile',
        userName: p.userName,
        emailAddress: `new.${p.email}`,
        currentPasswordForEmail: p.password,
      })
      expect(res.status).toBe(303)
      const notice = (await mailTo(p.email)).find((m) => m.kind === 'email-changed')!
      expect(notice.subject).toBe('Se cambió su correo electrónico de ProgHome')
      expect(findEnglish(notice.text, SEED)).toEqual([])
    } finally {
      await env.DB.prepare('UPDATE profiles SET email_address = ? WHERE user_name = ?').bind(p.email, p.userName).run()
      await setLanguage(p, 'en')
    }
  })
})
