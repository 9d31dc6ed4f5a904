import { pathOf } from '../../shared/routes'
import { defineTexts } from '../../shared/i18n/catalog'
import { PhoneLink } from './tel-links'
import { useTexts } from './locale'

/** Texts of the front door (ours, issue 35 item 1; spec 000's login texts stay as they are), in both languages (issue 36). */
const FRONT_DOOR_TEXT = defineTexts(
  {
    heading: 'Report a Claim',
    call: 'Had a loss? Call our claims line, 24 hours a day:',
    online: 'Report a Claim Without Signing In',
  },
  {
    heading: 'Reportar un reclamo',
    call: '¿Tuvo una pérdida? Llame a nuestra línea de reclamos, las 24 horas del día:',
    online: 'Reportar un reclamo sin iniciar sesión',
  },
)

/** The login page's way to a claim without an account (decision 220): the claims line to call, and the form. */
export function ClaimFrontDoor({ claimsPhone }: { claimsPhone: string }) {
  const t = useTexts(FRONT_DOOR_TEXT)
  return (
    <section className="card login__claim" aria-labelledby="front-door-heading">
      <h2 id="front-door-heading">{t.heading}</h2>
      <p>
        {t.call} <PhoneLink phone={claimsPhone} />
      </p>
      <a className="btn btn--secondary" href={pathOf('ReportClaimWithoutSignIn')}>
        {t.online}
      </a>
    </section>
  )
}
