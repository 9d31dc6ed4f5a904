import { isSitePath } from '../../shared/site-request'
import type { SessionWarningTexts } from '../../shared/session-warning-texts'

/**
 * The session timer's settings travel as attributes of the hidden logout form the worker renders on
 * every page with a session (worker/render/session-timer.tsx), and the warning's texts in the page's
 * language as JSON inside it:
 *   <form hidden method="post" action="/Logout" data-session-timer data-expires-in="900"
 *         data-refresh-url="/v1/common/token">
 *     <script type="application/json" data-session-warning-texts>{"title":"…",…}</script>
 */
export const TIMER_FORM = 'form[data-session-timer]'
const TEXTS = 'script[data-session-warning-texts]'

/** Every text the warning shows (a key missing here or extra fails the type check). */
const TEXT_KEYS = Object.keys({
  title: true,
  body: true,
  continue: true,
  logOut: true,
  minute: true,
  minutes: true,
  second: true,
  seconds: true,
  join: true,
} satisfies Record<keyof SessionWarningTexts, true>)

export interface SessionTimerSettings {
  /** Seconds of session left when the page was rendered. */
  expiresIn: number
  /** POSTed for a new token: '/v1/common/token'. */
  refreshUrl: string
  /** The warning's texts, in the page's language. */
  texts: SessionWarningTexts
}

/** The settings, or why they are unusable (the page then has no timer, loudly). */
export function readSettings(form: HTMLFormElement): SessionTimerSettings | string {
  const expiresIn = form.dataset.expiresIn ?? ''
  if (!/^\d{1,9}$/.test(expiresIn)) return `data-expires-in "${expiresIn}" is not a whole number of seconds`
  const refreshUrl = form.dataset.refreshUrl ?? ''
  if (!isSitePath(refreshUrl)) return `data-refresh-url "${refreshUrl}" is not a path on this site`
  const logoutUrl = form.getAttribute('action') ?? ''
  if (!isSitePath(logoutUrl) || form.method !== 'post') return `the logout form must post to a path on this site, not "${logoutUrl}"`
  const texts = readTexts(form.querySelector(TEXTS)?.textContent)
  if (!texts) return `the warning's texts (${TEXTS}) are missing or incomplete`
  return { expiresIn: Number(expiresIn), refreshUrl, texts }
}

function readTexts(json: string | null | undefined): SessionWarningTexts | null {
  let value: unknown
  try {
    value = JSON.parse(json ?? '')
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null) return null
  const given = value as Record<string, unknown>
  return TEXT_KEYS.every((k) => typeof given[k] === 'string') ? (value as SessionWarningTexts) : null
}
