import { setCookie } from 'hono/cookie'
import { pathOf } from '../../../shared/routes'
import { effectiveOptOutPreference, gpcOptsOut, optOutCookieValue, optOutPersisted, chosenOptOutPreference, OPT_OUT_COOKIE } from '../../../shared/sso/opt-out'
import { renderPage } from '../../render/render-page'
import { recordOptOutNow } from '../../services/sso/opt-out'
import { log } from '../../lib/log'
import { definePage } from '../page'
import { useTexts } from '../../render/locale'
import { optOutTexts } from './texts'

function OptOutView({ message, nonce }: { message: 'success' | 'browserOnly'; nonce: string }) {
  const t = useTexts(optOutTexts)
  return (
    <section className="card narrow opt-out" aria-labelledby="opt-out-heading">
      <h1 id="opt-out-heading">{t.title}</h1>
      <p role="status">{t[message]}</p>
      <p>
        <a href={pathOf('Login')} data-close-window="">
          {t.close}
        </a>
      </p>
      {/* Closes the tab the opt-out opened; where a script may not close it, the link still leads somewhere. */}
      <script
        nonce={nonce}
        dangerouslySetInnerHTML={{
          __html:
            "document.querySelectorAll('[data-close-window]').forEach(function(a){a.addEventListener('click',function(e){e.preventDefault();window.close();if(!window.closed){location.href=a.href}})})",
        }}
      />
    </section>
  )
}

/** Query parameters by name, case-insensitively, first value wins. */
function queryValue(url: URL, name: string): string | undefined {
  for (const [k, v] of url.searchParams) if (k.toLowerCase() === name.toLowerCase()) return v
  return undefined
}

export const optOutConfirmationPage = definePage('OptOutConfirmation')

/**
 * Spec 001 "Opt-out confirmation page": the preference (query PgrOptOutPref, default 1; a browser
 * sending Sec-GPC: 1 is opted out) is kept in the C0004 cookie and, when a policy is loaded, sent to
 * the insurer through the opt-out port (the outbox's 'opt-out' channel, tried in the request and retried
 * after it: services/opt-out.ts). persistSuccessful=0, or a record the insurer has not taken yet, gives
 * the browser-only text; otherwise 'Your request has successfully been processed.' Odd values are logged,
 * never refused: an unreadable preference is stored as opted out, an odd persistSuccessful is ignored.
 */
optOutConfirmationPage.get('/', async (c) => {
  const url = new URL(c.req.url)
  const nonce = c.get('secureHeadersNonce') ?? ''
  const rawPreference = queryValue(url, 'PgrOptOutPref')
  const chosen = chosenOptOutPreference(rawPreference)
  const rawPersist = queryValue(url, 'persistSuccessful')
  const oddPersist = rawPersist !== undefined && !/^[01]?$/.test(rawPersist.trim())
  if (chosen.odd || oddPersist) {
    log('warn', 'opt-out link with an odd value', {
      requestId: c.get('requestId'),
      preference: chosen.odd ? String(rawPreference).slice(0, 20) : undefined,
      persistSuccessful: oddPersist ? String(rawPersist).slice(0, 20) : undefined,
    })
  }
  const persistSuccessful = oddPersist ? undefined : rawPersist
  const gpc = gpcOptsOut(c.req.header('Sec-GPC'))
  const preference = effectiveOptOutPreference(chosen.preference, gpc)
  setCookie(c, OPT_OUT_COOKIE, optOutCookieValue(preference), { path: '/', secure: true, sameSite: 'Lax', maxAge: 365 * 24 * 60 * 60 })
  const policyId = c.get('session')?.currentPolicyId
  const recorded = policyId ? await recordOptOutNow(c.env, { policyId, preference, source: 'privacy-confirmation', gpc }) : 'not-sent'
  const persisted = optOutPersisted(persistSuccessful, recorded)
  return renderPage(c, <OptOutView message={persisted ? 'success' : 'browserOnly'} nonce={nonce} />)
})
