import { isSitePath } from '../../shared/site-request'

/**
 * The session timer's settings travel as attributes of the hidden logout form the worker renders on
 * every page with a session (worker/render/session-timer.tsx):
 *   <form hidden method="post" action="/Logout" data-session-timer data-expires-in="900"
 *         data-refresh-url="/v1/common/token">
 */
export const TIMER_FORM = 'form[data-session-timer]'

export interface SessionTimerSettings {
  /** Seconds of session left when the page was rendered. */
  expiresIn: number
  /** POSTed for a new token: '/v1/common/token'. */
  refreshUrl: string
}

/** The settings, or why they are unusable (the page then has no timer, loudly). */
export function readSettings(form: HTMLFormElement): SessionTimerSettings | string {
  const expiresIn = form.dataset.expiresIn ?? ''
  if (!/^\d{1,9}$/.test(expiresIn)) return `data-expires-in "${expiresIn}" is not a whole number of seconds`
  const refreshUrl = form.dataset.refreshUrl ?? ''
  if (!isSitePath(refreshUrl)) return `data-refresh-url "${refreshUrl}" is not a path on this site`
  const logoutUrl = form.getAttribute('action') ?? ''
  if (!isSitePath(logoutUrl) || form.method !== 'post') return `the logout form must post to a path on this site, not "${logoutUrl}"`
  return { expiresIn: Number(expiresIn), refreshUrl }
}
