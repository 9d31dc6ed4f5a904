/**
 * The hidden input of a no-JS form that carries its one-time token (worker/middleware/idempotency.ts:
 * issueFormToken / consumeFormToken). Shared so an island's server-rendered form names it the same way.
 */
export const FORM_TOKEN_FIELD = '_once'
