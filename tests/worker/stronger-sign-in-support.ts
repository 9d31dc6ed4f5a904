import { env } from 'cloudflare:workers'
import { persona, type Persona } from './helpers'
import { mailTo } from './profile-helpers'

/** Helpers of the stronger sign-in tests (issue 23). */

export async function profileIdOf(p: Persona): Promise<string> {
  return (await env.DB.prepare('SELECT profile_id FROM profiles WHERE user_name = ?').bind(p.userName).first<string>('profile_id'))!
}

export async function setTwoStepOf(p: Persona, on: boolean): Promise<void> {
  await env.DB.prepare('UPDATE profiles SET two_step = ? WHERE user_name = ?')
    .bind(on ? 1 : 0, p.userName)
    .run()
}

/** The newest code mailed to the persona (the mail's first 6-digit run). */
export async function newestCode(p: Persona): Promise<string> {
  const mail = (await mailTo(p.email)).find((m) => m.kind === 'sign-in-code')
  const code = mail?.text.match(/\b\d{6}\b/)?.[0]
  if (!code) throw new Error(`no code mailed to ${p.email}`)
  return code
}

export async function mailKindsTo(p: Persona): Promise<string[]> {
  return (await mailTo(p.email)).map((m) => m.kind)
}

/** A code other than `code` (for a wrong entry). */
export const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

/** Makes every session of the profile look proved long ago (a step-up is due). */
export async function ageSessions(p: Persona, minutes: number): Promise<void> {
  const at = Date.now() - minutes * 60_000
  await env.DB.prepare('UPDATE sessions SET verified_at = ? WHERE profile_id = ?')
    .bind(at, await profileIdOf(p))
    .run()
}

export const single = () => persona('direct.single')
