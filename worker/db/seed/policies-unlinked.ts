import { basePolicy, docFile, packet, type PolicyDefinition } from './build'

/**
 * Policies linked to no profile, for registration and add-policy demos. Their last name and date of
 * birth are the verification answers listed in tests/fixtures/personas.json (unlinkedPolicies).
 */

const homeowners: PolicyDefinition = {
  policyId: 'HOM4090001',
  nickname: 'Home',
  build: () =>
    basePolicy(
      {
        policyId: 'HOM4090001',
        planId: 'HO8',
        insured: {
          firstName: 'Alex',
          lastName: 'Rivera',
          birthDate: '1975-04-12',
          maritalStatus: 'Divorced',
          homePhone: '973-555-0158',
          email: 'alex.rivera@example.com',
        },
        risk: { address1: '77 Elm Street', city: 'Montclair', state: 'NJ', zipCode: '07042', county: 'Essex' },
        inceptionDate: '2026-06-15',
        effectiveDate: '2026-06-15',
        documents: [['Application', 'application']],
      },
      {
        applicationFileName: docFile('HOM4090001', 'application'),
        totalDue: 52000,
        amountDue: 13000,
        dueDate: '2026-12-15',
        policyPacketDocuments: [packet('NB', '2026-06-15')],
        payments: [
          { postDate: '2026-09-15', amount: 13000, checkNumber: '', description: 'Installment Payment - Online' },
          { postDate: '2026-06-01', amount: 26000, checkNumber: '', description: 'Down Payment - Online' },
        ],
        mortgagees: [
          {
            type: 'Mortgagee',
            name: 'Provident Bank',
            address1: '239 Washington Street',
            city: 'Jersey City',
            state: 'NJ',
            zipCode: '07302',
            loanId: 'PB-6620417',
            mortgageeId: 1,
            escrowFlag: '1',
          },
        ],
      },
    ),
}

const flood: PolicyDefinition = {
  policyId: 'FLD4090002',
  nickname: 'Flood',
  build: () =>
    basePolicy(
      {
        policyId: 'FLD4090002',
        planId: 'STD',
        insured: { firstName: 'Thanh', lastName: 'Nguyen', birthDate: null, homePhone: '985-555-0147', email: 'thanh.nguyen@example.com' },
        risk: { address1: '2205 Lakeshore Drive', city: 'Mandeville', state: 'LA', zipCode: '70448', county: 'St. Tammany' },
        inceptionDate: '2025-08-20',
        effectiveDate: '2026-08-20',
      },
      {
        floodZone: 'AE',
        features: { 'pH.DisableFloodPIFEdit': true },
        payments: [
          { postDate: '2026-08-05', amount: 156400, checkNumber: '', description: 'Renewal Premium - Paid in Full' },
          { postDate: '2025-08-10', amount: 149900, checkNumber: '', description: 'New Business Premium - Paid in Full' },
        ],
      },
    ),
}

const partner: PolicyDefinition = {
  policyId: 'HOM4090003',
  nickname: 'Home',
  sendToProgressive: true,
  build: () =>
    basePolicy(
      {
        policyId: 'HOM4090003',
        planId: 'HOB',
        insured: {
          firstName: 'Kathleen',
          lastName: 'Brennan',
          birthDate: '1968-09-30',
          maritalStatus: 'Widowed',
          homePhone: '440-555-0183',
          email: 'kathleen.brennan@example.com',
        },
        risk: { address1: '1550 Beachview Road', city: 'Willoughby', state: 'OH', zipCode: '44094', county: 'Lake' },
        inceptionDate: '2021-04-01',
        effectiveDate: '2026-04-01',
      },
      {
        policyPacketDocuments: [packet('NB', '2021-04-01'), packet('RN', '2026-04-01', 40)],
        payments: [{ postDate: '2026-03-18', amount: 142700, checkNumber: '', description: 'Renewal Premium - EFT' }],
      },
    ),
}

const excessFlood: PolicyDefinition = {
  policyId: 'EXF4090004',
  nickname: 'Excess Flood',
  build: () =>
    basePolicy(
      {
        policyId: 'EXF4090004',
        planId: 'EXC',
        insured: { firstName: 'Jules', lastName: 'Moreau', birthDate: null, homePhone: '305-555-0129', email: 'jules.moreau@example.com' },
        risk: { address1: '2001 Meridian Avenue', city: 'Miami Beach', state: 'FL', zipCode: '33139', county: 'Miami-Dade' },
        inceptionDate: '2026-02-01',
        effectiveDate: '2026-02-01',
      },
      {
        floodZone: 'AE',
        payments: [{ postDate: '2026-01-22', amount: 88800, checkNumber: '', description: 'New Business Premium - Agent Remittance' }],
        mortgagees: [
          {
            type: 'Mortgagee',
            name: 'Truist Bank',
            address1: 'PO Box 27767',
            city: 'Richmond',
            state: 'VA',
            zipCode: '23261',
            loanId: 'TR-5540021',
            mortgageeId: 1,
            escrowFlag: '1',
          },
        ],
      },
    ),
}

export const UNLINKED_POLICIES: PolicyDefinition[] = [homeowners, flood, partner, excessFlood]
