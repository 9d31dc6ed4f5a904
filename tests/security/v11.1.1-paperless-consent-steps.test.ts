import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { persona, seed } from '../worker/helpers'
import { ProfileBrowser } from '../worker/profile-helpers'
import { PAPERLESS_DISCLOSURE_VERSION } from '../../shared/paperless/disclosure'
import { PAPERLESS_MSG, SAMPLE_CODE_MAX_TRIES } from '../../shared/paperless/consent'
import { pdfText } from '../support/pdf-text'

/**
 * ASVS 4.0 V11.1.1 (business logic in its steps, none skipped) and V11.1.4 (anti-automation), issue 31
 * item 6: paperless consent needs the code printed in the sample PDF, so the step 'open the PDF' cannot
 * be skipped. Without opening it there is no code to type; its code is random (nothing public or in
 * the cookie gives it); and guesses are counted as they are judged, so a burst of wrong codes gets
 * exactly five judged, after which even the right code is refused until the PDF is opened again.
 */
beforeAll(() => seed(), 120_000)

const owner = () => persona('direct.multi')
const PAGE = '/paperless-documents'
const form = (sampleCode: string) => ({ agree: 'yes', sampleCode, disclosureVersion: PAPERLESS_DISCLOSURE_VERSION })

async function consents(): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT COUNT(*) AS n FROM paperless_consent_events e JOIN profiles p ON p.profile_id = e.profile_id WHERE p.user_name = ? AND e.action = 'consent'",
  )
    .bind(owner().userName)
    .first<{ n: number }>()
  return row!.n
}

async function signedIn(): Promise<ProfileBrowser> {
  const b = new ProfileBrowser()
  expect((await b.login(owner())).status).toBe(303)
  return b
}

async function printedCode(b: ProfileBrowser): Promise<string> {
  const res = await b.fetch(`${PAGE}/sample.pdf`)
  expect(res.status).toBe(200)
  return /Your code\s*([A-Z]{6})/.exec(await pdfText(new Uint8Array(await res.arrayBuffer())))![1]!
}

describe('paperless consent cannot skip the sample PDF', () => {
  it('without opening it, no code is accepted', async () => {
    const b = await signedIn()
    const res = await b.form(PAGE, form('ABCDEF'))
    expect(res.status).toBe(400)
    expect(await res.text()).toContain(PAPERLESS_MSG.codeNotOpened)
    expect(await consents()).toBe(0)
  })

  it('a burst of 25 wrong codes at once: exactly five are judged, then the right code too is refused', async () => {
    const b = await signedIn()
    const code = await printedCode(b)
    const wrong = code === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ'
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => b.form(PAGE, form(wrong)).then(async (r) => ({ status: r.status, html: await r.text() }))),
    )
    expect(answers.every((a) => a.status === 400)).toBe(true)
    expect(answers.filter((a) => a.html.includes(PAPERLESS_MSG.codeWrong))).toHaveLength(SAMPLE_CODE_MAX_TRIES - 1)
    expect(answers.filter((a) => a.html.includes(PAPERLESS_MSG.codeTriesUsed))).toHaveLength(25 - (SAMPLE_CODE_MAX_TRIES - 1))
    const row = await env.DB.prepare('SELECT tries FROM paperless_sample_codes WHERE code = ?').bind(code).first<{ tries: number }>()
    expect(row?.tries).toBe(SAMPLE_CODE_MAX_TRIES)
    const right = await b.form(PAGE, form(code))
    expect(right.status).toBe(400)
    expect(await consents()).toBe(0)
  })

  it("a code is its session's: the PDF read in another session of the same owner does not work here", async () => {
    const mine = await signedIn()
    const theirs = await signedIn()
    await printedCode(mine)
    const other = await printedCode(theirs)
    const res = await mine.form(PAGE, form(other))
    expect(res.status).toBe(400)
    expect(await consents()).toBe(0)
  })
})
