import { describe, expect, it } from 'vitest'
import { KEY_REUSED_MESSAGE as SERVER_KEY_REUSED } from '../../worker/middleware/idempotency'
import { KEY_REUSED_MESSAGE } from '../../islands/ui/api'

/** The islands cannot import worker/: the text their call helper recognises must stay the server's. */
describe('the call helper and the server agree', () => {
  it("on the reused-key text (until the server answers it as problem type 'idempotency-key-reused')", () => {
    expect(KEY_REUSED_MESSAGE).toBe(SERVER_KEY_REUSED)
  })
})
