import { Hono } from 'hono'
import type { AppEnv } from '../types'
import { route } from '../../shared/routes'
import { renderPage } from '../render/render-page'
import { recentOutbox, type OutboxRow } from '../db/outbox'
import { MAIL_CHANNEL, outboxMessage } from '../integrations/mail'

/**
 * Stand-in: the dev mailbox. Lists what the mail port sent (the outbox, newest first), with the links in
 * each message clickable, e.g. the password-reset link. Under /__dev, so it does not exist in production.
 */
const URL_PATTERN = /(https?:\/\/[^\s]+)/g

function Linkified({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN)
  return (
    <>
      {parts.map((part, i) => (i % 2 === 1 ? <a key={i} href={part}>{part}</a> : <span key={i}>{part}</span>))}
    </>
  )
}

function MailboxView({ rows }: { rows: OutboxRow[] }) {
  return (
    <section className="card" aria-labelledby="mailbox-heading">
      <h1 id="mailbox-heading">Dev Mailbox</h1>
      <p>What the portal's mail port sent, newest first. This local stand-in does not exist in production.</p>
      {rows.length === 0 ? (
        <p>No mail has been sent yet.</p>
      ) : (
        <ol className="profile-mailbox" reversed>
          {rows.map((row) => {
            const mail = outboxMessage(row)
            return (
              <li key={row.id} className="profile-mailbox__item">
                <article aria-labelledby={`mail-${row.id}`}>
                  <h2 id={`mail-${row.id}`}>{mail.subject}</h2>
                  <dl className="profile-mailbox__meta">
                    <dt>To</dt>
                    <dd>{mail.to}</dd>
                    <dt>Sent</dt>
                    <dd>
                      <time dateTime={new Date(row.created_at).toISOString()}>{new Date(row.created_at).toISOString()}</time>
                    </dd>
                    <dt>Status</dt>
                    <dd>{row.delivered_at ? 'delivered' : `queued (${row.attempts} attempts)`}</dd>
                  </dl>
                  <div className="profile-mailbox__body">
                    <Linkified text={mail.text} />
                  </div>
                </article>
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}

export const mailboxApp = new Hono<AppEnv>()

mailboxApp.get('/', async (c) => {
  const rows = await recentOutbox(c.env.DB, MAIL_CHANNEL, 50)
  const page = { ...route('NotFound'), path: '/__dev/mailbox', page: 'Dev Mailbox' }
  return renderPage(c, <MailboxView rows={rows} />, { route: page, policy: null })
})
