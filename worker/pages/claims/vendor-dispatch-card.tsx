import { localDate, localTimeText } from '../../../shared/clock'
import { formatDateIn } from '../../../shared/i18n/format'
import { defineTexts } from '../../../shared/i18n/catalog'
import type { Locale } from '../../../shared/i18n/locale'
import { useLocale, useTexts } from '../../render/locale'
import type { VendorDispatchRow } from '../../db/claims/vendor-dispatches'
import { telHref } from '../../render/tel-links'

/**
 * The emergency vendor on the claim page (issue 19 item 6, decision 170): who accepted, how to reach
 * them, and when they expect to arrive on the policyholder's clock (the policy state's zone); or that
 * the request is waiting for a vendor. Nothing when the policyholder asked for no vendor. Server-only
 * markup, no script. Read the row with vendorDispatchOf (worker/db/claims/vendor-dispatches.ts).
 */
export interface VendorDispatchCardProps {
  dispatch: VendorDispatchRow | null
  /** The policy's state: whose clock the arrival is shown on. */
  state: string
  /** CLAIMS_PHONE, for a dispatch the network refused. */
  claimsPhone: string
}

/** The card's texts in both languages (issue 36). */
const VENDOR_TEXTS = defineTexts(
  {
    heading: 'Emergency repairs',
    accepted: 'A National Vendor accepted your request and is on the way.',
    company: 'Company',
    phone: 'Phone',
    arrival: 'Expected arrival',
    at: (_hour: number) => 'at',
    refusedLead: 'We could not send your request to a National Vendor. Please call us at',
    refusedEnd: 'and we will arrange the repairs.',
    waiting: 'You asked for a National Vendor: requested, waiting for a vendor to accept. This page shows who is coming once one does.',
  },
  {
    heading: 'Reparaciones de emergencia',
    accepted: 'Un proveedor nacional aceptó su solicitud y va en camino.',
    company: 'Compañía',
    phone: 'Teléfono',
    arrival: 'Llegada prevista',
    // 'a la 1:30 PM', 'a las 2:30 PM'
    at: (hour: number) => (hour === 1 ? 'a la' : 'a las'),
    refusedLead: 'No pudimos enviar su solicitud a un proveedor nacional. Llámenos al',
    refusedEnd: 'y nosotros organizaremos las reparaciones.',
    waiting: 'Pidió un proveedor nacional: solicitado, esperando que un proveedor acepte. Esta página mostrará quién va cuando uno acepte.',
  },
)

/** '03/05/2026 at 2:30 PM CST' at `at` in the state's zone ('5 mar 2026 a las 2:30 PM CST' in Spanish). */
export function arrivalText(at: number, state: string, locale: Locale = 'en'): string {
  const time = localTimeText(at, state, true) // '2:30 PM CST': the clock's one face, with the zone's name
  return `${formatDateIn(locale, localDate(at, state))} ${VENDOR_TEXTS[locale].at(Number.parseInt(time, 10))} ${time}`
}

export function VendorDispatchCard({ dispatch, state, claimsPhone }: VendorDispatchCardProps) {
  const t = useTexts(VENDOR_TEXTS)
  const locale = useLocale()
  if (!dispatch) return null
  return (
    <section className="card" aria-labelledby="vendor-dispatch-heading">
      <h2 id="vendor-dispatch-heading">{t.heading}</h2>
      {dispatch.status === 'accepted' && dispatch.company && dispatch.phone ? (
        <>
          <p>{t.accepted}</p>
          <dl className="facts">
            <dt>{t.company}</dt>
            <dd>{dispatch.company}</dd>
            <dt>{t.phone}</dt>
            <dd>
              <a className="tel" href={telHref(dispatch.phone)}>
                {dispatch.phone}
              </a>
            </dd>
            {dispatch.expected_arrival !== null ? (
              <>
                <dt>{t.arrival}</dt>
                <dd>{arrivalText(dispatch.expected_arrival, state, locale)}</dd>
              </>
            ) : null}
          </dl>
        </>
      ) : dispatch.status === 'refused' ? (
        <p>
          {t.refusedLead}{' '}
          <a className="tel" href={telHref(claimsPhone)}>
            {claimsPhone}
          </a>{' '}
          {t.refusedEnd}
        </p>
      ) : (
        <p role="status">{t.waiting}</p>
      )}
    </section>
  )
}
