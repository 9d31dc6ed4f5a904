import { pathOf, SESSION_ENDED } from '../../shared/routes'

/** Spec 000's session-ended handling: the message and the way back to Login (the guards and System Message show it). */
export function SessionEndedView() {
  return (
    <section className="card narrow system-message" aria-labelledby="se-heading">
      <h1 id="se-heading">Session Ended</h1>
      <p role="alert">{SESSION_ENDED}</p>
      <a className="btn btn--primary" href={pathOf('Login')}>
        Return to Login
      </a>
    </section>
  )
}
