import { basePolicy, installments, packet, type Insured, type PolicyDefinition } from './build'

/**
 * Policies of noor (direct.paired-home-flood, issue 33 item 4): a homeowners policy and an NFIP flood
 * policy on the same Pensacola house, both in force with nothing due, so a claim may be reported online
 * on either. The two records write the address as their systems do ('Street' and 'St.', a ZIP+4 on the
 * flood one): the same-property rule (shared/claims/paired) still reads them as one house.
 */

const noor: Insured = {
  firstName: 'Noor',
  lastName: 'Haddad',
  birthDate: '1979-05-21',
  maritalStatus: 'Married',
  homePhone: '850-555-0142',
  email: 'noor.paired@example.com',
}

const home: PolicyDefinition = {
  policyId: 'HOM4070001',
  nickname: 'Magnolia House',
  build: () =>
    basePolicy(
      {
        policyId: 'HOM4070001',
        planId: 'HO3',
        insured: noor,
        risk: { address1: '412 Magnolia Street', city: 'Pensacola', state: 'FL', zipCode: '32501', county: 'Escambia' },
        inceptionDate: '2023-05-01',
        effectiveDate: '2026-05-01',
      },
      {
        eftFlag: true,
        payments: installments('2026-05-01', 7, 21000),
        policyPacketDocuments: [packet('NB', '2023-05-01'), packet('RN', '2026-05-01', 40)],
      },
    ),
}

const flood: PolicyDefinition = {
  policyId: 'FLD4070002',
  nickname: 'Magnolia Flood',
  build: () =>
    basePolicy(
      {
        policyId: 'FLD4070002',
        planId: 'STD',
        insured: { ...noor, birthDate: null },
        risk: { address1: '412 MAGNOLIA ST.', city: 'PENSACOLA', state: 'FL', zipCode: '32501-2214', county: 'Escambia' },
        mailing: { address1: '412 Magnolia Street', city: 'Pensacola', state: 'FL', zipCode: '32501', country: 'USA' },
        inceptionDate: '2023-06-15',
        effectiveDate: '2026-06-15',
      },
      {
        floodZone: 'AE',
        payments: [{ postDate: '2026-06-01', amount: 98000, checkNumber: '', description: 'Renewal Premium - Paid in Full' }],
      },
    ),
}

export const PAIRED_POLICIES: PolicyDefinition[] = [home, flood]
