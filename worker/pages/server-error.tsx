import type { Context } from 'hono'
import type { AppEnv } from '../types'
import { renderPage } from '../render/render-page'
import { route } from '../../shared/routes'
import { MSG } from '../../shared/schemas/messages'

/** A failure of ours: a generic page (no stack, no detail), or JSON for the API. */
export function serverErrorResponse(c: Context<AppEnv>): Response {
  if (c.req.path.startsWith('/v1/')) return c.json({ errorMessage: MSG.unexpectedError }, 500)
  try {
    return renderPage(
      c,
      <section className="card narrow">
        <h1>{MSG.unexpectedError}</h1>
        <p>Please try again in a moment. If you need help, please call us at {c.env.SUPPORT_PHONE}.</p>
        <a className="btn btn--primary" href="/">Return to Login</a>
      </section>,
      { status: 500, route: route('Error'), policy: null },
    )
  } catch {
    return c.text(MSG.unexpectedError, 500)
  }
}
