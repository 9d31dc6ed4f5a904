import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../types'
import { route } from '../../shared/routes'
import { renderPage } from '../render/render-page'
import { mailById, mailFailSwitch, recentMail, type MailFailState, type StandInAttachment, type StandInMail } from './mail-store'

/**
 * Stand-in: the dev mailbox. Lists what the mail stand-in's API received (worker/dev/mail-api.ts, newest
 * first), with the links in each message clickable, e.g. the password-reset link, and each attachment
 * with its name, type and size, a link that serves it from R2 (GET /__dev/mailbox/{id}/attachments/{n}).
 * Under /__dev, so it does not exist in production. What is still queued or was given up on is on
 * /__dev/outbox. The stand-in can be told to refuse deliveries, to watch the outbox retry them:
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

function sizeText(bytes: number): string {
  return bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`
}

function Attachments({ base, mailId, files }: { base: string; mailId: number; files: StandInAttachment[] }) {
  return (
    <>
      <h3 className="profile-mailbox__files-heading">Attachments</h3>
      <ul className="profile-mailbox__files">
        {files.map((f, i) => (
          <li key={f.r2Key}>
            <a href={`${base}/${mailId}/attachments/${i}`} download={f.filename}>
              {f.filename}
            </a>
            {` (${f.contentType}, ${sizeText(f.size)})`}
          </li>
        ))}
      </ul>
    </>
  )
}

function MailboxView({ base, mails }: { base: string; mails: StandInMail[] }) {
  return (
    <section className="card" aria-labelledby="mailbox-heading">
      <h1 id="mailbox-heading">Dev Mailbox</h1>
      <p>What the mail API's stand-in received, newest first. This local stand-in does not exist in production.</p>
      {mails.length === 0 ? (
        <p>No mail has been sent yet.</p>
      ) : (
        <ol className="profile-mailbox" reversed>
          {mails.map((mail) => {
            return (
              <li key={mail.id} className="profile-mailbox__item">
                <article aria-labelledby={`mail-${mail.id}`}>
                  <h2 id={`mail-${mail.id}`}>{mail.subject}</h2>
                  <dl className="profile-mailbox__meta">
                    <dt>To</dt>
                    <dd>{mail.to}</dd>
                    <dt>Sent</dt>
                    <dd>
                      <time dateTime={new Date(mail.receivedAt).toISOString()}>{new Date(mail.receivedAt).toISOString()}</time>
                    </dd>
                  </dl>
                  <div className="profile-mailbox__body">
                    <Linkified text={mail.text} />
                  </div>
                  {mail.attachments.length > 0 ? <Attachments base={base} mailId={mail.id} files={mail.attachments} /> : null}
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
  const mails = await recentMail(c.env.DB, { limit: 50 })
  // Its own address, /__dev/mailbox in the portal, /mailbox in the stand-ins' process: the attachments' links follow it.
  const base = c.req.path.replace(/\/+$/, '')
  const page = { ...route('NotFound'), path: base, page: 'Dev Mailbox' }
  return renderPage(c, <MailboxView base={base} mails={mails} />, { route: page, policy: null })
})

/** An attachment of a mail the stand-in holds, served from R2 as the mail carried it. */
mailboxApp.get('/:id{[0-9]{1,12}}/attachments/:index{[0-9]{1,2}}', async (c) => {
  const mail = await mailById(c.env.DB, Number(c.req.param('id')))
  const file = mail?.attachments[Number(c.req.param('index'))]
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
  await mailFailSwitch(c.env.CACHE).set(state)
  return c.json(state)
})

mailboxApp.delete('/fail', async (c) => {
  await mailFailSwitch(c.env.CACHE).clear()
  return c.body(null, 204)
})
