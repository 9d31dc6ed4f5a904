import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../types'
import { route } from '../../shared/routes'
import { renderPage } from '../render/render-page'
import { outboxRow, recentOutbox, type OutboxRow } from '../db/outbox'
import { MAIL_CHANNEL, outboxMessage } from '../integrations/mail'
import type { MailAttachment } from '../integrations/mail/port'
import { MAIL_FAIL_KEY, type MailFailState } from '../integrations/mail/local-stand-in'

/**
 * Stand-in: the dev mailbox. Lists what the mail port sent (the outbox's mail rows, newest first), with
 * the links in each message clickable, e.g. the password-reset link, and each attachment with its name,
 * type and size, a link that serves it from R2 (GET /__dev/mailbox/{outboxId}/attachments/{n}). Under
 * /__dev, so it does not exist in production. The stand-in can be told to refuse deliveries, to watch
 * the outbox retry them:
 *   POST /__dev/mailbox/fail {times?}   refuse the next deliveries;   DELETE /__dev/mailbox/fail
 *   POST /__dev/mailbox/fail {delayMs}  deliver every mail that much later (a slow mail API) until DELETE
 */
const URL_PATTERN = /(https?:\/\/[^\s]+)/g

function Linkified({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN)
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part}>
            {part}
          </a>
        ) : (
          <span key={i}>{part}</span>
        ),
      )}
    </>
  )
}

function mailStatus(row: OutboxRow): string {
  if (row.status === 'delivered') return 'delivered'
  if (row.status === 'dead') return `not delivered, gave up after ${row.attempts} attempts (${row.last_error ?? 'no error recorded'})`
  return `queued (${row.attempts} attempts${row.last_error ? `, last: ${row.last_error}` : ''})`
}

function sizeText(bytes: number): string {
  return bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`
}

function attachmentPath(outboxId: number, index: number): string {
  return `/__dev/mailbox/${outboxId}/attachments/${index}`
}

function Attachments({ outboxId, files }: { outboxId: number; files: MailAttachment[] }) {
  return (
    <>
      <h3 className="profile-mailbox__files-heading">Attachments</h3>
      <ul className="profile-mailbox__files">
        {files.map((f, i) => (
          <li key={f.r2Key}>
            <a href={attachmentPath(outboxId, i)} download={f.filename}>
              {f.filename}
            </a>
            {` (${f.contentType}, ${sizeText(f.size)})`}
          </li>
        ))}
      </ul>
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
                    <dd>{mailStatus(row)}</dd>
                  </dl>
                  <div className="profile-mailbox__body">
                    <Linkified text={mail.text} />
                  </div>
                  {mail.attachments && mail.attachments.length > 0 ? <Attachments outboxId={row.id} files={mail.attachments} /> : null}
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

/** An attachment of a mail the stand-in holds, served from R2 as the mail carries it. */
mailboxApp.get('/:id{[0-9]{1,12}}/attachments/:index{[0-9]{1,2}}', async (c) => {
  const row = await outboxRow(c.env.DB, MAIL_CHANNEL, Number(c.req.param('id')))
  const file = row ? outboxMessage(row).attachments?.[Number(c.req.param('index'))] : undefined
  const obj = file ? await c.env.DOCS.get(file.r2Key) : null
  if (!file || !obj) return c.json({ errorMessage: 'Not found.' }, 404)
  return c.body(obj.body as unknown as ReadableStream, 200, {
    'Content-Type': file.contentType,
    'Content-Length': String(obj.size),
    'Content-Disposition': `attachment; filename="${file.filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  })
})

mailboxApp.post('/fail', async (c) => {
  let body: unknown = {}
  try {
    body = await c.req.json()
  } catch {
    // no body: fail once
  }
  const parsed = z
    .union([z.strictObject({ delayMs: z.number().int().min(1).max(10_000) }), z.strictObject({ times: z.number().int().min(1).max(100).default(1) })])
    .safeParse(body ?? {})
  if (!parsed.success) return c.json({ error: 'send {times: 1-100} or {delayMs: 1-10000}' }, 400)
  const state: MailFailState = 'delayMs' in parsed.data ? { delayMs: parsed.data.delayMs } : { remaining: parsed.data.times }
  await c.env.CACHE.put(MAIL_FAIL_KEY, JSON.stringify(state))
  return c.json(state)
})

mailboxApp.delete('/fail', async (c) => {
  await c.env.CACHE.delete(MAIL_FAIL_KEY)
  return c.body(null, 204)
})
