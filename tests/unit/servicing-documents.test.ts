import { describe, it, expect } from 'vitest'
import {
  COVERAGE_MESSAGE_PAID,
  COVERAGE_MESSAGE_PAID_AND_UNDERWRITTEN,
  coverageMessage,
  declarationsMessage,
  declarationsVisible,
  documentTitle,
  isDeclarationsPage,
  packetLabel,
  packetName,
  pdfFileName,
  showsPolicyPackets,
  visibleCoverageDocuments,
  visiblePolicyDocuments,
  type DocumentFacts,
} from '../../shared/policy/documents'

/** Spec 000 section 4 "Document downloads" and "Documents screen", quoted in each table. */

const base: DocumentFacts = { isFlood: false, isExcessFlood: false, underwritingStatus: '', originalTransType: 'NB', totalDue: 0 }
const PAID = 'The Declarations Page will be available once the policy has been paid in full.'
const PAID_UW = 'The Declarations Page will be available once the policy has been paid in full and underwriting has been completed.'

describe("Declarations page visibility: 'for a flood policy it is visible only if (the policy is excess flood, or underwritingStatus is empty) and totalDue is 0. Non-flood policies always see it.'", () => {
  it.each([
    ['non-flood with a balance and an underwriting status', { totalDue: 50000, underwritingStatus: 'Pending' }, true, null],
    ['flood, no underwriting status, paid', { isFlood: true }, true, null],
    ['flood, no underwriting status, balance', { isFlood: true, totalDue: 100 }, false, PAID_UW],
    ['flood, underwriting pending, paid', { isFlood: true, underwritingStatus: 'Pending' }, false, PAID_UW],
    ['flood, underwriting pending, balance', { isFlood: true, underwritingStatus: 'Pending', totalDue: 100 }, false, PAID_UW],
    ['excess flood, underwriting pending, paid', { isFlood: true, isExcessFlood: true, underwritingStatus: 'Pending' }, true, null],
    ['excess flood, balance', { isFlood: true, isExcessFlood: true, totalDue: 100 }, false, PAID],
    ['flood 17A, balance', { isFlood: true, originalTransType: '17A', totalDue: 100 }, false, PAID],
    ['flood 17A, underwriting pending', { isFlood: true, originalTransType: '17A', underwritingStatus: 'Pending' }, false, PAID],
    // 'totalDue is 0' as written (issue 13): a credit balance is not 0.
    ['flood with a credit balance is not paid in full', { isFlood: true, totalDue: -500 }, false, PAID_UW],
  ] as const)('%s', (_name, change, visible, message) => {
    const p = { ...base, ...change }
    expect(declarationsVisible(p)).toBe(visible)
    expect(declarationsMessage(p)).toBe(message)
  })

  it("gives the message 'for excess flood or original transaction type 17A' the payment-only wording", () => {
    expect(declarationsMessage({ ...base, isFlood: true, isExcessFlood: true, totalDue: 1 })).toBe(PAID)
  })
})

describe("'When hidden, documents whose description contains DEC PAGE (case-insensitive) are removed.'", () => {
  const docs = [
    { description: 'Declarations Dec Page', fileName: 'a.pdf' },
    { description: 'renewal dec page', fileName: 'b.pdf' },
    { description: 'Flood Insurance Application', fileName: 'c.pdf' },
    { description: 'Declaration of Trust', fileName: 'd.pdf' },
  ]
  it.each([
    ['Declarations Dec Page', true],
    ['renewal dec page', true],
    ['DEC PAGE', true],
    ['Declaration of Trust', false],
    ['DecPage', false],
  ] as const)('%s is a declarations page: %s', (d, expected) => expect(isDeclarationsPage(d)).toBe(expected))

  it.each([
    ['Declarations Dec Page', 'Declarations Page'],
    ['Renewal Dec Page', 'Renewal Declarations Page'],
    ['DEC PAGE', 'Declarations Page'],
    ['Flood Insurance Application', 'Flood Insurance Application'],
  ])("issue 35: '%s' reads as '%s'", (description, title) => expect(documentTitle(description)).toBe(title))

  it('keeps every document while visible', () => {
    expect(visiblePolicyDocuments({ ...base, policyDocuments: docs })).toEqual(docs)
  })
  it('removes only declarations pages while hidden', () => {
    expect(visiblePolicyDocuments({ ...base, isFlood: true, totalDue: 1, policyDocuments: docs }).map((d) => d.fileName)).toEqual(['c.pdf', 'd.pdf'])
  })
})

describe("'Coverage documents follow the same condition, with a matching message about coverage documents'", () => {
  const standard = [{ description: 'Standard Flood Insurance Policy', fileName: 's.pdf' }]
  it.each([
    ['non-flood', {}, 1, null],
    ['flood paid, no underwriting status', { isFlood: true }, 1, null],
    ['flood with a balance and underwriting', { isFlood: true, totalDue: 1, underwritingStatus: 'Pending' }, 0, COVERAGE_MESSAGE_PAID_AND_UNDERWRITTEN],
    ['excess flood with a balance', { isFlood: true, isExcessFlood: true, totalDue: 1 }, 0, COVERAGE_MESSAGE_PAID],
    ['flood 17A with a balance', { isFlood: true, originalTransType: '17a', totalDue: 1 }, 0, COVERAGE_MESSAGE_PAID],
  ] as const)('%s', (_name, change, count, message) => {
    const p = { ...base, ...change, standardDocuments: standard }
    expect(visibleCoverageDocuments(p)).toHaveLength(count)
    expect(coverageMessage(p)).toBe(message)
  })
})

describe("Packet labels: 'NB is New Business Packet , EB is Policy Change Packet , RN is Renewal Packet . Any other type gets an empty label.'", () => {
  it.each([
    ['NB', 'New Business Packet '],
    ['EB', 'Policy Change Packet '],
    ['RN', 'Renewal Packet '],
    ['17A', ''],
    ['XX', ''],
  ])('%s -> %j', (type, label) => expect(packetLabel(type)).toBe(label))

  it.each([
    [{ transactionType: 'NB', effectiveDate: '2025-11-15' }, 'New Business Packet 11/15/2025'],
    [{ transactionType: 'EB', effectiveDate: '2026-04-10' }, 'Policy Change Packet 04/10/2026'],
    [{ transactionType: 'RN', effectiveDate: '2026-11-15' }, 'Renewal Packet 11/15/2026'],
    [{ transactionType: 'ZZ', effectiveDate: '2026-01-02' }, '01/02/2026'],
  ])("'The label is followed by the formatted effective date, and together they form the downloaded file name': %j -> %s", (packet, name) => {
    expect(packetName(packet)).toBe(name)
  })

  it('downloads carry a .pdf ending', () => {
    expect(pdfFileName('Renewal Packet 11/15/2026')).toBe('Renewal Packet 11/15/2026.pdf')
    expect(pdfFileName('HOM1-declarations.pdf')).toBe('HOM1-declarations.pdf')
  })
})

describe("Policy Packets: 'Shown only for non-flood policies that have at least one packet.'", () => {
  const pk = { transactionType: 'NB', effectiveDate: '2025-01-01' }
  it.each([
    ['non-flood with a packet', false, [pk], true],
    ['non-flood without packets', false, [], false],
    ['flood with a packet', true, [pk], false],
  ] as const)('%s -> %s', (_name, isFlood, policyPacketDocuments, shown) => {
    expect(showsPolicyPackets({ isFlood, policyPacketDocuments })).toBe(shown)
  })
})
