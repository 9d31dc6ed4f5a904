import { Hono } from 'hono'
import type { AppEnv } from '../types'
import { route } from '../../shared/routes'
import { renderPage } from '../render/render-page'
import { outboxByStatus, outboxCounts, outboxCountsByChannel, requeueDead, type OutboxStatus, type OutboxSummary } from '../db/outbox'
import { drainOutbox, MAX_ATTEMPTS } from '../services/outbox/outbox'

/**
 * Dev only (/__dev is a 404 in production): the shared outbox at a glance. What waits (pending,
 * leased), what gave up (dead: MAX_ATTEMPTS failed, or a permanent failure) and what went out lately.
 * Never a payload: mail bodies stay on the dev mailbox, partner tokens nowhere. Two buttons: deliver what
 * is due now (what the cron handler does every minute), and put a dead row back in the queue.
 * GET /__dev/outbox/counts: { [channel]: { pending, leased, delivered, dead } } as JSON.
 */
export const outboxApp = new Hono<AppEnv>()

const at = (ms: number | null) => (ms ? new Date(ms).toISOString() : '')

function Rows({ id, title, rows, retry }: { id: string; title: string; rows: OutboxSummary[]; retry?: boolean }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>
        {title} ({rows.length})
      </h2>
      {rows.length === 0 ? (
        <p>None.</p>
      ) : (
        <table className="stack-table">
          <thead>
            <tr>
              <th scope="col">Id</th>
              <th scope="col">Channel</th>
              <th scope="col">Dedupe key</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Next attempt</th>
              <th scope="col">Last error</th>
              <th scope="col">Created</th>
              <th scope="col">Settled</th>
              {retry ? <th scope="col">Action</th> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-outbox-id={r.id} data-status={r.status}>
                <td data-label="Id">{r.id}</td>
                <td data-label="Channel">{r.channel}</td>
                <td data-label="Dedupe key">{r.dedupe_key}</td>
                <td data-label="Status">{r.status}</td>
                <td data-label="Attempts">{`${r.attempts} of ${MAX_ATTEMPTS}`}</td>
                <td data-label="Next attempt">{r.status === 'pending' ? at(r.next_attempt_at) : ''}</td>
                <td data-label="Last error">{r.last_error ?? ''}</td>
                <td data-label="Created">{at(r.created_at)}</td>
                <td data-label="Settled">{at(r.delivered_at ?? r.dead_at)}</td>
                {retry ? (
                  <td data-label="Action">
                    <form method="post" action={`/__dev/outbox/${r.id}/retry`}>
                      <button type="submit" className="btn btn--secondary">
                        Retry<span className="visually-hidden"> message {r.id}</span>
                      </button>
                    </form>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

function OutboxView(props: { counts: Record<OutboxStatus, number>; waiting: OutboxSummary[]; dead: OutboxSummary[]; recent: OutboxSummary[] }) {
  const { counts } = props
  return (
    <>
      <section className="card" aria-labelledby="outbox-heading">
        <h1 id="outbox-heading">Dev Outbox</h1>
        <p>
          Every message that must leave the portal, by status: {counts.pending} pending, {counts.leased} being delivered, {counts.dead} dead, {counts.delivered}{' '}
          delivered. This local page does not exist in production. Message bodies are not shown (mail: see the <a href="/__dev/mailbox">dev mailbox</a>; texts:
          the <a href="/__dev/sms">dev text messages</a>).
        </p>
        <form method="post" action="/__dev/outbox/drain">
          <button type="submit" className="btn btn--primary">
            Deliver due messages now
          </button>
        </form>
      </section>
      <Rows id="outbox-dead" title="Dead letters" rows={props.dead} retry />
      <Rows id="outbox-waiting" title="Waiting" rows={props.waiting} />
      <Rows id="outbox-recent" title="Recently delivered" rows={props.recent} />
    </>
  )
}

outboxApp.get('/', async (c) => {
  const [counts, waiting, dead, recent] = await Promise.all([
    outboxCounts(c.env.DB),
    outboxByStatus(c.env.DB, ['pending', 'leased'], 100),
    outboxByStatus(c.env.DB, ['dead'], 100),
    outboxByStatus(c.env.DB, ['delivered'], 25),
  ])
  const page = { ...route('NotFound'), path: '/__dev/outbox', page: 'Dev Outbox' }
  return renderPage(c, <OutboxView counts={counts} waiting={waiting} dead={dead} recent={recent} />, { route: page, policy: null })
})

/** The counts by channel and status as JSON (tests/perf/storm.mjs waits for its backlog to drain). */
outboxApp.get('/counts', async (c) => c.json(await outboxCountsByChannel(c.env.DB), 200, { 'Cache-Control': 'no-store' }))

outboxApp.post('/drain', async (c) => {
  await drainOutbox(c.env)
  return c.redirect('/__dev/outbox', 303)
})

outboxApp.post('/:id/retry', async (c) => {
  const id = Number(c.req.param('id'))
  if (Number.isInteger(id) && id > 0) await requeueDead(c.env.DB, id, Date.now())
  return c.redirect('/__dev/outbox', 303)
})
