import { pathOf } from '../../shared/routes'
import { PhoneLink } from './tel-links'

/** Texts of the front door (ours, issue 35 item 1; spec 000's login texts stay as they are). */
const FRONT_DOOR_TEXT = {
  heading: 'Report a Claim',
  call: 'Had a loss? Call our claims line, 24 hours a day:',
  online: 'Report a Claim Without Signing In',
} as const

/** The login page's way to a claim without an account (decision 220): the claims line to call, and the form. */
export function ClaimFrontDoor({ claimsPhone }: { claimsPhone: string }) {
  return (
    <section className="card login__claim" aria-labelledby="front-door-heading">
      <h2 id="front-door-heading">{FRONT_DOOR_TEXT.heading}</h2>
      <p>
        {FRONT_DOOR_TEXT.call} <PhoneLink phone={claimsPhone} />
      </p>
      <a className="btn btn--secondary" href={pathOf('ReportClaimWithoutSignIn')}>
        {FRONT_DOOR_TEXT.online}
      </a>
    </section>
  )
}
