import { describe, expect, it } from 'vitest'
import { devSessionIdleMinutes } from '../../worker/env'

describe('SESSION_IDLE_MINUTES (issue 21 item 11: the timeout warning within a minute, locally)', () => {
  it("unset: spec 000's 15 minutes (null)", () => {
    expect(devSessionIdleMinutes({ ENVIRONMENT: 'development' })).toBeNull()
  })

  it('development honours it', () => {
    expect(devSessionIdleMinutes({ ENVIRONMENT: 'development', SESSION_IDLE_MINUTES: '3' })).toBe(3)
  })

  it('every deployed environment ignores it (checkEnv refuses it there before any request)', () => {
    for (const ENVIRONMENT of ['test', 'staging', 'production']) {
      expect(devSessionIdleMinutes({ ENVIRONMENT, SESSION_IDLE_MINUTES: '3' })).toBeNull()
    }
  })
})
