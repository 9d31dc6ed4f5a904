import { applicationToSign, basePolicy, installments, packet, type Insured, type PolicyDefinition } from './build'

/**
 * Policies of wren (direct.worst-day), one per state of issue 21's worst day that a test leaves behind: a
 * payment left pending, a manual payment beside an automatic draft, a claim form with a refused file, a
 * signature with its evidence. No other persona's page changes with them, so their screenshots are the
 * same whichever spec ran before.
 */

const wren: Insured = {
  firstName: 'Wren',
  lastName: 'Achterberg',
  birthDate: '1984-03-09',
  maritalStatus: 'Married',
  homePhone: '504-555-0117',
  email: 'wren.worstday@example.com',
}
const wrenHome = { address1: '2715 Prytania Street', city: 'New Orleans', state: 'LA', zipCode: '70130', county: 'Orleans' }

/** On automatic drafts with an installment due: a manual payment, its receipt, whether the draft still runs. */
const draftAndManual: PolicyDefinition = {
  policyId: 'HOM4060001',
  nickname: 'Home',
  build: () =>
    basePolicy(
      {
        policyId: 'HOM4060001',
        planId: 'HO3',
        insured: wren,
        risk: wrenHome,
        inceptionDate: '2024-06-01',
        effectiveDate: '2026-06-01',
      },
      {
        eftFlag: true,
        totalDue: 60000,
        amountDue: 12000,
        dueDate: '2026-12-01',
        payments: installments('2026-07-01', 5, 12000),
        policyPacketDocuments: [packet('NB', '2024-06-01'), packet('RN', '2025-06-01', 40), packet('RN', '2026-06-01', 40)],
      },
    ),
}

/** A balance due, paid in the tests by a card whose answer times out: pending until it settles. */
const pendingPayment: PolicyDefinition = {
  policyId: 'HOM4060002',
  nickname: 'Rental',
  build: () =>
    basePolicy(
      {
        policyId: 'HOM4060002',
        planId: 'HO3',
        insured: wren,
        risk: { address1: '930 Elysian Fields Avenue', city: 'New Orleans', state: 'LA', zipCode: '70117', county: 'Orleans' },
        mailing: { ...wrenHome, country: 'USA' },
        inceptionDate: '2025-09-15',
        effectiveDate: '2026-09-15',
      },
      {
        totalDue: 96000,
        amountDue: 24000,
        dueDate: '2026-12-15',
        payments: [{ postDate: '2026-09-10', amount: 24000, checkNumber: '', description: 'Renewal Down Payment - Online' }],
        policyPacketDocuments: [packet('NB', '2025-09-15'), packet('RN', '2026-09-15', 40)],
      },
    ),
}

/** A new business that needs its application signed: the signature's evidence after. */
const toSign: PolicyDefinition = {
  policyId: 'HOM4060003',
  nickname: 'Camp',
  build: () => {
    const id = 'HOM4060003'
    return basePolicy(
      {
        policyId: id,
        planId: 'HO3',
        insured: wren,
        risk: { address1: '18 Bayou Road', city: 'Slidell', state: 'LA', zipCode: '70458', county: 'St. Tammany' },
        mailing: { ...wrenHome, country: 'USA' },
        inceptionDate: '2026-11-20',
        effectiveDate: '2026-11-20',
        postDate: '2026-11-10',
        documents: [['Application', 'application']],
      },
      {
        ...applicationToSign(id, [
          'I understand that this homeowners policy does not cover loss caused by flood.',
          'I confirm that the dwelling is not used for short-term rentals.',
        ]),
        policyPacketDocuments: [packet('NB', '2026-11-20', 10)],
        totalDue: 118000,
        amountDue: 29500,
        dueDate: '2026-12-20',
      },
    )
  },
}

export const WORST_DAY_POLICIES: PolicyDefinition[] = [draftAndManual, pendingPayment, toSign]
