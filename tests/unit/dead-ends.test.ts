import { describe, expect, it } from 'vitest'
import { callAgentText, cancelledSinceText } from '../../shared/policy/dead-ends'

describe('dead-end texts (issue 21 item 1)', () => {
  it('a cancelled policy says since when, or that it is cancelled when the date is not known', () => {
    expect(cancelledSinceText('2026-09-14')).toBe('Cancelled since 09/14/2026.')
    expect(cancelledSinceText(undefined)).toBe('This policy is cancelled.')
  })

  it('the agent by name, or without one', () => {
    expect(callAgentText(' Lowcountry Insurance Group ')).toBe('Call your agent, Lowcountry Insurance Group:')
    expect(callAgentText('  ')).toBe('Call your agent:')
  })
})
