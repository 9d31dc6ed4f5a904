import { applicationToSign, basePolicy, docFile, mailingFrom, packet, type Insured, type PolicyDefinition } from './build'

/** Policies of erin (direct.edge-cases): renewal e-sign, cancelled, previously cancelled, excess flood, paid flood. */

const erin: Insured = {
  firstName: 'Erin',
  lastName: 'Castellano',
  birthDate: '1988-11-05',
  maritalStatus: 'Single',
  homePhone: '919-555-0164',
  email: 'erin.edge@example.com',
}
const erinHome = { address1: '22 Pine Needle Lane', city: 'Chapel Hill', state: 'NC', zipCode: '27514', county: 'Orange' }

const renewalESign: PolicyDefinition = {
  policyId: 'HOM4040001',
  nickname: 'Home',
  build: () =>
    basePolicy(
      {
        policyId: 'HOM4040001',
        planId: 'HO7',
        insured: erin,
        risk: erinHome,
        inceptionDate: '2023-11-10',
        effectiveDate: '2026-11-10',
        postDate: '2026-09-28',
        documents: [['Renewal Notice', 'renewal-notice']],
      },
      {
        eSignatureRequired: true,
        originalTransType: 'RN',
        totalDue: 198000,
        amountDue: 198000,
        dueDate: '2026-12-10',
        policyPacketDocuments: [packet('NB', '2023-11-10'), packet('RN', '2024-11-10', 40), packet('RN', '2025-11-10', 40), packet('RN', '2026-11-10', 43)],
        eSignatures: [
          { eSignature: 'EC', dateSigned: '2025-10-02', statementText: 'I reviewed the renewal declarations page.' },
          { eSignature: 'EC', dateSigned: '2024-10-04', statementText: 'I reviewed the renewal declarations page.' },
        ],
        payments: [
          { postDate: '2025-10-29', amount: 189200, checkNumber: '3307', description: 'Renewal Premium - Check' },
          { postDate: '2024-10-30', amount: 181500, checkNumber: '3251', description: 'Renewal Premium - Check' },
          { postDate: '2023-10-28', amount: 172000, checkNumber: '3190', description: 'New Business Premium - Check' },
        ],
        mortgagees: [
          {
            type: 'Mortgagee',
            name: 'First Citizens Bank',
            address1: 'PO Box 27131',
            city: 'Raleigh',
            state: 'NC',
            zipCode: '27611',
            loanId: 'FC-4410982',
            mortgageeId: 1,
            escrowFlag: '0',
          },
        ],
      },
    ),
}

const cancelled: PolicyDefinition = {
  policyId: 'DWL4040002',
  nickname: 'Rental',
  build: () =>
    basePolicy(
      {
        policyId: 'DWL4040002',
        planId: 'DP3',
        insured: erin,
        risk: { address1: '9 Tradd Street', city: 'Charleston', state: 'SC', zipCode: '29401', county: 'Charleston' },
        mailing: mailingFrom(erinHome),
        inceptionDate: '2026-03-01',
        effectiveDate: '2026-03-01',
        documents: [['Notice of Cancellation', 'cancellation-notice']],
      },
      {
        policyStatus: 'Cancelled - Non-Payment',
        cancellationDate: '2026-09-14',
        totalDue: 18750,
        amountDue: 18750,
        pastDue: 18750,
        dueDate: '2026-08-15',
        policyPacketDocuments: [packet('NB', '2026-03-01')],
        payments: [{ postDate: '2026-02-15', amount: 41000, checkNumber: '3342', description: 'Down Payment - Check' }],
      },
    ),
}

const previousCancelled: PolicyDefinition = {
  policyId: 'HOM4040003',
  nickname: 'Ranch',
  build: () =>
    basePolicy(
      {
        policyId: 'HOM4040003',
        planId: 'HOA',
        insured: erin,
        risk: { address1: '3110 Ranch Road 12', city: 'San Marcos', state: 'TX', zipCode: '78666', county: 'Hays' },
        mailing: mailingFrom(erinHome),
        inceptionDate: '2025-09-01',
        effectiveDate: '2026-09-01',
        documents: [['Notice of Reinstatement', 'reinstatement-notice']],
      },
      {
        policyStatus: 'Active - Reinstated',
        previousCancelled: true,
        // Two mortgagees: over the HO4/HOA display cap of 1.
        mortgagees: [
          {
            type: 'Mortgagee',
            name: 'Frost Bank',
            address1: '111 West Houston Street',
            city: 'San Antonio',
            state: 'TX',
            zipCode: '78205',
            loanId: 'FRB-77120',
            mortgageeId: 1,
            escrowFlag: '1',
          },
          {
            type: 'Mortgagee',
            name: 'Texas Capital Bank',
            address1: '2000 McKinney Avenue',
            city: 'Dallas',
            state: 'TX',
            zipCode: '75201',
            loanId: 'TCB-31044',
            mortgageeId: 2,
            escrowFlag: '0',
          },
        ],
        totalDue: 64000,
        amountDue: 16000,
        dueDate: '2026-12-01',
        policyPacketDocuments: [packet('NB', '2025-09-01'), packet('RN', '2026-09-01', 40)],
        payments: [
          { postDate: '2026-10-01', amount: 16000, checkNumber: '', description: 'Installment Payment - Online' },
          { postDate: '2026-09-01', amount: 16000, checkNumber: '', description: 'Renewal Down Payment - Online' },
          { postDate: '2026-04-22', amount: 29500, checkNumber: '3368', description: 'Reinstatement Payment - Check' },
          { postDate: '2026-03-01', amount: -15500, checkNumber: '3355', description: 'Returned Payment - Insufficient Funds' },
          { postDate: '2026-02-01', amount: 15500, checkNumber: '3355', description: 'Installment Payment - Check' },
          { postDate: '2025-08-20', amount: 31000, checkNumber: '3301', description: 'Down Payment - Check' },
        ],
      },
    ),
}

const bank = (mortgageeId: number, name: string, address1: string, city: string, state: string, zipCode: string, escrowFlag = '0') => ({
  type: 'Mortgagee' as const,
  name,
  address1,
  city,
  state,
  zipCode,
  loanId: `XF-${700100 + mortgageeId}`,
  mortgageeId,
  escrowFlag,
})

const excessFlood: PolicyDefinition = {
  policyId: 'AEX4040004',
  nickname: 'Excess Flood',
  build: () =>
    basePolicy(
      {
        policyId: 'AEX4040004',
        planId: 'EXC',
        insured: { ...erin, birthDate: null },
        risk: { address1: '7700 Atlantic Way', city: 'Miami Beach', state: 'FL', zipCode: '33141', county: 'Miami-Dade' },
        mailing: mailingFrom(erinHome),
        inceptionDate: '2024-11-10',
        effectiveDate: '2026-11-10',
        documents: [['Excess Flood Application', 'application']],
      },
      {
        floodZone: 'AE',
        // Excess flood never shows underwriting status, even when it has one.
        underwritingStatus: 'Pending - Prior Loss Review',
        applicationFileName: docFile('AEX4040004', 'application'),
        totalDue: 98500,
        amountDue: 98500,
        dueDate: '2026-12-10',
        payments: [
          { postDate: '2025-10-30', amount: 94200, checkNumber: '', description: 'Renewal Premium - Agent Remittance' },
          { postDate: '2024-10-31', amount: 90100, checkNumber: '', description: 'New Business Premium - Agent Remittance' },
        ],
        mortgagees: [
          bank(1, 'Bank of America Home Loans', 'PO Box 961291', 'Fort Worth', 'TX', '76161', '1'),
          bank(2, 'City National Bank of Florida', '25 West Flagler Street', 'Miami', 'FL', '33130'),
          bank(3, 'Ocean Bank', '780 NW 42nd Avenue', 'Miami', 'FL', '33126'),
          bank(4, 'BankUnited', '14817 Oak Lane', 'Miami Lakes', 'FL', '33016'),
          bank(5, 'Amerant Bank', '220 Alhambra Circle', 'Coral Gables', 'FL', '33134'),
          bank(6, 'Seacoast National Bank', '815 Colorado Avenue', 'Stuart', 'FL', '34994'),
          bank(7, 'TotalBank Mortgage', '2720 Coral Way', 'Miami', 'FL', '33145'),
        ],
        additionalNamedInsureds: [
          {
            additionalNamedInsuredId: 1,
            firstName: 'Marco',
            lastName: 'Castellano',
            address1: '7700 Atlantic Way',
            city: 'Miami Beach',
            state: 'FL',
            zipCode: '33141',
          },
        ],
      },
    ),
}

const floodPaid: PolicyDefinition = {
  policyId: 'FLD4040005',
  nickname: 'Keys Cottage',
  build: () =>
    basePolicy(
      {
        policyId: 'FLD4040005',
        planId: 'MP3',
        insured: { ...erin, birthDate: null },
        risk: { address1: '118 Harbor Drive', city: 'Key Largo', state: 'FL', zipCode: '33037', county: 'Monroe' },
        mailing: mailingFrom(erinHome),
        inceptionDate: '2024-07-01',
        effectiveDate: '2026-07-01',
      },
      {
        floodZone: 'AE',
        claims: [{ claimID: 'FL-2026-000311', lossAmount: 2345000, lossDate: '2026-07-08', peril: 'Flood', status: 'Closed' }],
        payments: [
          { postDate: '2026-06-15', amount: 143000, checkNumber: '3371', description: 'Renewal Premium - Paid in Full' },
          { postDate: '2025-06-12', amount: 138000, checkNumber: '3322', description: 'Renewal Premium - Paid in Full' },
          { postDate: '2024-06-20', amount: 131000, checkNumber: '3260', description: 'New Business Premium - Paid in Full' },
        ],
        mortgagees: [
          {
            type: 'Mortgagee',
            name: 'TD Bank',
            address1: 'PO Box 1377',
            city: 'Lewiston',
            state: 'ME',
            zipCode: '04243',
            loanId: 'TD-8812230',
            mortgageeId: 1,
            escrowFlag: '0',
          },
        ],
        additionalNamedInsureds: [
          {
            additionalNamedInsuredId: 1,
            companyName: 'Castellano Rentals LLC',
            address1: '118 Harbor Drive',
            city: 'Key Largo',
            state: 'FL',
            zipCode: '33037',
          },
        ],
      },
    ),
}

/**
 * A new-business e-signature reserved for the signing journey of the e2e tests, so signing it leaves
 * the other demo policies (HOM4010001 above all) as every other test expects them.
 */
const signingJourney: PolicyDefinition = {
  policyId: 'HOM4040006',
  nickname: 'Lake House',
  build: () => {
    const id = 'HOM4040006'
    return basePolicy(
      {
        policyId: id,
        planId: 'HO5',
        insured: erin,
        risk: { address1: '41 Shoreline Court', city: 'South Lake Tahoe', state: 'CA', zipCode: '96150', county: 'El Dorado' },
        mailing: mailingFrom(erinHome),
        inceptionDate: '2026-11-20',
        effectiveDate: '2026-11-20',
        postDate: '2026-11-10',
        documents: [['Application', 'application']],
      },
      {
        ...applicationToSign(id, [
          'I understand that this homeowners policy does not cover loss caused by flood or earthquake.',
          'I confirm that the dwelling is not used for short-term rentals.',
          'I confirm that no business is conducted on the residence premises.',
          'I acknowledge that I was offered and declined Identity Fraud Expense coverage.',
        ]),
        policyPacketDocuments: [packet('NB', '2026-11-20', 10)],
        totalDue: 142000,
        amountDue: 35500,
        dueDate: '2026-12-20',
      },
    )
  },
}

export const EDGE_POLICIES: PolicyDefinition[] = [renewalESign, cancelled, previousCancelled, excessFlood, floodPaid, signingJourney]
