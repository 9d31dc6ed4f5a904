import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import { pathOf } from '../../../shared/routes'
import type { FieldErrors } from '../../../shared/forms/field-errors'
import type { QuoteOutcome } from '../../services/policy-changes/policy-changes'

/** How a kind's form page shows itself again: its errors, or one message, with the status. */
export type ShowForm = (s: { errors: FieldErrors; error: string | null }, status?: 400 | 409 | 422 | 429) => Promise<Response>

/** The answer to a change's form once priced (or not), the same for every kind: the review, or the form again and why. */
export function quoteAnswer(c: Context<AppEnv>, outcome: QuoteOutcome, show: ShowForm): Response | Promise<Response> {
  switch (outcome.kind) {
    case 'quoted':
      return c.redirect(`${pathOf('ReviewPolicyChange')}?change=${outcome.changeId}`, 303)
    case 'invalid':
      return show({ errors: outcome.errors, error: null }, 400)
    case 'closed':
      return show({ errors: {}, error: outcome.message }, 409)
    case 'refused':
      return show({ errors: {}, error: outcome.message }, 422)
    case 'paused':
      c.header('Retry-After', String(outcome.retryAfterSeconds))
      return show({ errors: {}, error: outcome.message }, 429)
    case 'unavailable':
      return show({ errors: {}, error: outcome.message })
  }
}
