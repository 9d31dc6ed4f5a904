import { describe, expect, it } from 'vitest'
import { nextAction, type NextActionFacts } from '../../shared/policy/next-action'

const none: NextActionFacts = { eSignatureRequired: false, payable: null, openClaim: null, contactAgent: null }
const agent = { name: 'Pat Lee', phone: '800-555-0134' }

describe("Account Home card's one action (issue 21 item 8): first that applies wins", () => {
  it.each([
    ['sign beats everything', { eSignatureRequired: true, payable: 40000, openClaim: 'HO-2026-000123', contactAgent: agent }, { kind: 'sign' }],
    ['pay beats an open claim', { payable: 40000, openClaim: 'HO-2026-000123' }, { kind: 'pay', amount: 40000 }],
    ['nothing payable at zero', { payable: 0 }, { kind: 'view' }],
    ['an open claim beats the agent', { openClaim: 'HO-2026-000123', contactAgent: agent }, { kind: 'claim', claimNumber: 'HO-2026-000123' }],
    ['the agent when the box sends there', { contactAgent: agent }, { kind: 'agent', name: 'Pat Lee', phone: '800-555-0134' }],
    ['no agent phone: view', { contactAgent: { name: 'Pat Lee', phone: ' ' } }, { kind: 'view' }],
    ['else view the policy', {}, { kind: 'view' }],
  ] as const)('%s', (_name, change, expected) => {
    expect(nextAction({ ...none, ...change })).toEqual(expected)
  })
})
