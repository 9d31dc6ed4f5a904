import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import { route } from '../../../shared/routes'
import { renderPage } from '../../render/render-page'
import type { StandInText } from './store'

const REPLIED: Record<string, string> = {
  '200': 'The portal took the reply (200).',
  '401': 'The portal refused the reply: its signature (401). Is SMS_WEBHOOK_SECRET set in .dev.vars?',
  invalid: 'Not a reply: a number in E.164 (+1 and 10 digits) and some text.',
  unreachable: 'The portal did not answer.',
}

/** The SMS stand-in's page (dev only): the texts its API received, newest first, and a reply (STOP) from each number. */
function SmsView({ base, texts, replied }: { base: string; texts: StandInText[]; replied: string | null }) {
  const numbers = [...new Set(texts.map((t) => t.to))]
  return (
    <>
      <section className="card" aria-labelledby="sms-heading">
        <h1 id="sms-heading">Dev Text Messages</h1>
        <p>
          What the SMS provider's stand-in received, newest first. This local stand-in does not exist in production. Texts wait in the{' '}
          <a href="/__dev/outbox">outbox</a> until it drains.
        </p>
        {replied ? <p role="status">{REPLIED[replied] ?? `The portal answered ${replied}.`}</p> : null}
        {texts.length === 0 ? (
          <p>No text has been sent yet.</p>
        ) : (
          <ol className="profile-mailbox" reversed>
            {texts.map((t) => (
              <li key={t.id} className="profile-mailbox__item">
                <article aria-labelledby={`sms-${t.id}`}>
                  <h2 id={`sms-${t.id}`}>{`To ${t.to}`}</h2>
                  <p className="profile-mailbox__meta">
                    <time dateTime={new Date(t.receivedAt).toISOString()}>{new Date(t.receivedAt).toISOString()}</time>
                  </p>
                  <p className="profile-mailbox__body">{t.text}</p>
                </article>
              </li>
            ))}
          </ol>
        )}
      </section>
      {numbers.length === 0 ? null : (
        <section className="card" aria-labelledby="sms-reply">
          <h2 id="sms-reply">Reply from a phone</h2>
          <p>Sent to the portal as the provider's signed inbound webhook (POST /hooks/sms).</p>
          {numbers.map((n) => (
            <form key={n} method="post" action={`${base}/reply`}>
              <input type="hidden" name="from" value={n} />
              <div className="field">
                <label htmlFor={`reply-${n}`}>{`Reply from ${n}`}</label>
                <input id={`reply-${n}`} name="text" defaultValue="STOP" maxLength={160} />
              </div>
              <button type="submit" className="btn btn--secondary">
                Send reply<span className="visually-hidden">{` from ${n}`}</span>
              </button>
            </form>
          ))}
        </section>
      )}
    </>
  )
}

/** `base`: where the stand-in is mounted (/__dev/sms in the portal, /sms in the stand-ins' own process). */
export function smsPage(c: Context<AppEnv>, base: string, texts: StandInText[], replied: string | null): Response {
  const page = { ...route('NotFound'), path: base, page: 'Dev Text Messages' }
  return renderPage(c, <SmsView base={base} texts={texts} replied={replied} />, { route: page, policy: null })
}
