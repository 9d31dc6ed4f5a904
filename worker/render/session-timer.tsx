import { safeJsonForHtml, sessionTimerScript } from './island'
import { useTexts } from './locale'
import { sessionWarningTexts } from '../../shared/session-warning-texts'

export interface SessionTimerProps {
  /** Seconds of session left as the page is rendered. */
  expiresIn: number
  /** POSTed for a new token. */
  refreshUrl: string
  /** The logout form posts here. */
  logoutUrl: string
  nonce: string
}

/**
 * The session timer on every page with a session (spec 000 section 4 "Session"): the hidden logout
 * form, whose data attributes are the timer's settings and whose JSON holds the warning's texts in the
 * page's language (issue 36), and the timer's module script
 * (islands/session-timeout/timer.ts). Not an island: no React in the browser, ~3 KB gzip (decision 050).
 */
/** The logout form's reason when the timer, not the person, ends the session. */
export const TIMED_OUT = 'inactivity'

export function SessionTimer({ expiresIn, refreshUrl, logoutUrl, nonce }: SessionTimerProps) {
  const { src, preload } = sessionTimerScript()
  const texts = useTexts(sessionWarningTexts)
  return (
    <>
      <form method="post" action={logoutUrl} hidden data-session-timer="" data-expires-in={Math.max(0, Math.floor(expiresIn))} data-refresh-url={refreshUrl}>
        {/* The logout page then says why the session ended (issue 21 item 9). */}
        <input type="hidden" name="reason" value={TIMED_OUT} />
        <script type="application/json" data-session-warning-texts="" dangerouslySetInnerHTML={{ __html: safeJsonForHtml(texts) }} />
      </form>
      {preload.map((href) => (
        <link key={href} rel="modulepreload" href={href} nonce={nonce} />
      ))}
      <script type="module" nonce={nonce} src={src} />
    </>
  )
}
