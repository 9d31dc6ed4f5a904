import type { Context } from 'hono'
import type { AppEnv } from '../types'
import { route } from '../../shared/routes'
import { renderPage } from '../render/render-page'
import type { StandInDispatch } from './vendors-store'

/** The vendor-network stand-in's page (dev only): the dispatches it received, one per claim. */
function VendorsView({ dispatches }: { dispatches: StandInDispatch[] }) {
  return (
    <>
      <section className="card" aria-labelledby="vendors-heading">
        <h1 id="vendors-heading">Dev Vendor Network</h1>
        <p>
          The National Vendor network as the portal meets it locally: every claim that asked for emergency repairs, dispatched once, and the made-up vendor that
          accepted. This local stand-in does not exist in production. Dispatches wait in the <a href="/__dev/outbox">outbox</a> until it drains.
        </p>
      </section>
      <section className="card" aria-labelledby="vendors-dispatches">
        <h2 id="vendors-dispatches">Dispatches received ({dispatches.length})</h2>
        {dispatches.length === 0 ? (
          <p>None yet.</p>
        ) : (
          <table className="stack-table">
            <thead>
              <tr>
                <th scope="col">Claim</th>
                <th scope="col">Services</th>
                <th scope="col">Vendor</th>
                <th scope="col">Phone</th>
                <th scope="col">Expected arrival (UTC)</th>
                <th scope="col">Times sent</th>
              </tr>
            </thead>
            <tbody>
              {dispatches.map((d) => (
                <tr key={d.idempotencyKey}>
                  <td data-label="Claim">{d.claimNumber}</td>
                  <td data-label="Services">{d.services.join(', ')}</td>
                  <td data-label="Vendor">{d.company}</td>
                  <td data-label="Phone">{d.phone}</td>
                  <td data-label="Expected arrival (UTC)">{d.expectedArrival}</td>
                  <td data-label="Times sent">{d.received}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  )
}

export function vendorsPage(c: Context<AppEnv>, dispatches: StandInDispatch[]): Response {
  const page = { ...route('NotFound'), path: '/__dev/vendors', page: 'Dev Vendor Network' }
  return renderPage(c, <VendorsView dispatches={dispatches} />, { route: page, policy: null })
}
