import { basePolicy, docFile, installments, mailingFrom, packet, type Insured, type PolicyDefinition } from './build'

/** Policies of the personas maria (direct.multi), sam (direct.single) and pat (direct.partner). */

const maria: Insured = {
  firstName: 'Maria',
  lastName: 'Delgado',
  birthDate: '1982-03-14',
  maritalStatus: 'Married',
  homePhone: '916-555-0123',
  email: 'maria.multi@example.com',
}
const mariaHome = { address1: '2417 Riverbank Drive', city: 'Sacramento', state: 'CA', zipCode: '95831', county: 'Sacramento' }

const wellsFargo = {
  type: 'Mortgagee' as const,
  name: 'Wells Fargo Home Mortgage',
  address1: 'PO Box 100515',
  city: 'Florence',
  state: 'SC',
  zipCode: '29502-0515',
  loanId: '0012345678',
}
const golden1 = {
  type: 'Mortgagee' as const,
  name: 'Golden 1 Credit Union',
  address1: 'PO Box 15966',
  city: 'Sacramento',
  state: 'CA',
  zipCode: '95852-0966',
  loanId: 'HE-88120',
}

/** Homeowners with a balance, a pending new-business e-signature, claims, packets and long payment history. */
const homeownersBalance: PolicyDefinition = {
  policyId: 'HOM4010001',
  nickname: 'Home',
  build: () => {
    const id = 'HOM4010001'
    return basePolicy(
      {
        policyId: id,
        planId: 'HO3',
        insured: maria,
        risk: mariaHome,
        inceptionDate: '2025-11-15',
        effectiveDate: '2026-11-15',
        postDate: '2026-10-01',
        documents: [
          ['Application', 'application'],
          ['CEA Application', 'cea-application'],
          ['Endorsement HO 04 90 Personal Property Replacement Cost', 'endorsement-ho0490'],
          ['Endorsement HO 04 61 Scheduled Personal Property', 'endorsement-ho0461'],
          ['Insurance Score Disclosure', 'insurance-score-notice'],
        ],
      },
      {
        eSignatureRequired: true,
        originalTransType: 'NB',
        applicationFileName: docFile(id, 'application'),
        policyStatements: [
          {
            statementId: 1,
            statementText:
              'I understand that this homeowners policy does not cover loss caused by earthquake, and that earthquake coverage is offered through the California Earthquake Authority.',
          },
          { statementId: 2, statementText: 'I confirm that no business is conducted on the residence premises.' },
          {
            statementId: 3,
            statementText: 'I understand that the dwelling is insured at replacement cost only while it is insured to at least 80% of its replacement cost.',
          },
          { statementId: 4, statementText: 'I acknowledge that I was offered and declined Identity Fraud Expense coverage.' },
        ],
        acknowledgement:
          "<p><strong>Applicant's acknowledgement.</strong> I have read the application and the special acknowledgements above. " +
          'To the best of my knowledge the statements in the application are true and complete.</p>' +
          '<p>I understand that misrepresentation or concealment of a material fact may void this policy.</p>' +
          '<ul><li>I authorize ProgHome Insurance to obtain a consumer report.</li>' +
          '<li>I understand that coverage is subject to all terms of the policy.</li></ul>',
        policyPacketDocuments: [packet('NB', '2025-11-15', 18), packet('EB', '2026-04-10', 8), packet('RN', '2026-11-15', 45)],
        claims: [
          { claimID: 'HO-2026-009315', lossAmount: 250000, lossDate: '2026-09-03', peril: 'Wind/Hail', status: 'Open' },
          { claimID: 'HO-2026-006102', lossAmount: 0, lossDate: '2026-06-20', peril: 'Theft', status: 'Closed Without Payment' },
          { claimID: 'HO-2026-004417', lossAmount: 1284500, lossDate: '2026-02-14', peril: 'Water Damage', status: 'Closed' },
        ],
        payments: [
          { postDate: '2026-10-20', amount: 36900, checkNumber: '1058', description: 'Renewal Down Payment - Check' },
          ...installments('2025-12-01', 11, 18450),
          { postDate: '2025-10-28', amount: 36900, checkNumber: '1041', description: 'Down Payment - Check' },
        ],
        features: { 'pH.UseClaimsMatrixFiltered': true },
        totalDue: 184500,
        amountDue: 18450,
        dueDate: '2026-12-15',
        mortgagees: [
          { ...wellsFargo, mortgageeId: 1, escrowFlag: '1' },
          { ...golden1, mortgageeId: 2, escrowFlag: '0' },
        ],
        additionalInterests: [
          { name: 'Delgado Family Trust', address: '2417 Riverbank Drive', city: 'Sacramento', state: 'CA', zipCode: '95831', country: 'USA', type: 'Trust' },
        ],
      },
    )
  },
}

/** Condominium paid in full, with e-signature history and no email on file. */
const condoPaid: PolicyDefinition = {
  policyId: 'CND4010002',
  nickname: 'Beach Condo',
  build: () => {
    const id = 'CND4010002'
    return basePolicy(
      {
        policyId: id,
        planId: 'HO6',
        insured: { ...maria, email: '' },
        risk: { address1: '1500 Ocean Drive', address2: 'Unit 1204', city: 'Miami Beach', state: 'FL', zipCode: '33139', county: 'Miami-Dade' },
        mailing: mailingFrom(mariaHome),
        inceptionDate: '2024-05-20',
        effectiveDate: '2026-05-20',
        documents: [
          ['Application', 'application'],
          ['Endorsement HO 17 32 Unit-Owners Coverage A Special Coverage', 'endorsement-ho1732'],
        ],
      },
      {
        applicationFileName: docFile(id, 'application'),
        policyPacketDocuments: [packet('NB', '2024-05-20'), packet('RN', '2025-05-20', 40), packet('RN', '2026-05-20', 40)],
        eSignatures: [
          { eSignature: 'MD', dateSigned: '2024-05-12', statementText: 'I acknowledge that I was offered Loss Assessment coverage of $50,000.' },
          { eSignature: 'MD', dateSigned: '2024-05-12', statementText: 'I confirm that the unit is not rented to others.' },
        ],
        payments: [
          { postDate: '2026-05-02', amount: 164200, checkNumber: '2210', description: 'Renewal Premium - Paid in Full' },
          { postDate: '2025-05-05', amount: 158700, checkNumber: '2148', description: 'Renewal Premium - Paid in Full' },
          { postDate: '2024-05-10', amount: 151300, checkNumber: '', description: 'New Business Premium - Credit Card' },
        ],
        mortgagees: [
          {
            type: 'Mortgagee',
            name: 'Chase Home Lending',
            address1: 'PO Box 47020',
            city: 'Doraville',
            state: 'GA',
            zipCode: '30362',
            loanId: '7712004481',
            mortgageeId: 1,
            escrowFlag: '0',
          },
        ],
      },
    )
  },
}

/** Flood with a balance and underwriting still open: declarations hidden, claims disabled. */
const floodBalance: PolicyDefinition = {
  policyId: 'FLD4010003',
  nickname: 'Home Flood',
  build: () =>
    basePolicy(
      {
        policyId: 'FLD4010003',
        planId: 'PRP',
        insured: { ...maria, birthDate: null },
        risk: mariaHome,
        inceptionDate: '2026-10-20',
        effectiveDate: '2026-10-20',
        postDate: '2026-10-06',
        documents: [
          ['Flood Insurance Application', 'application'],
          ['Notice of Premium Due', 'premium-notice'],
        ],
      },
      {
        policyStatus: 'Active',
        underwritingStatus: 'Pending - Elevation Certificate Required',
        floodZone: 'X',
        totalDue: 142300,
        amountDue: 142300,
        dueDate: '2026-11-30',
        mortgagees: [
          { ...wellsFargo, mortgageeId: 1, escrowFlag: '1' },
          { ...golden1, mortgageeId: 2, escrowFlag: '0' },
          {
            type: 'Mortgagee',
            name: 'River City Home Loans',
            address1: '1801 I Street',
            city: 'Sacramento',
            state: 'CA',
            zipCode: '95811',
            loanId: 'RC-330145',
            mortgageeId: 3,
            escrowFlag: '0',
          },
          {
            type: 'Mortgagee',
            name: 'Farmers & Merchants Bank',
            address1: '121 West Pine Street',
            city: 'Lodi',
            state: 'CA',
            zipCode: '95240',
            loanId: 'FM-20931',
            mortgageeId: 4,
            escrowFlag: '0',
          },
        ],
        additionalNamedInsureds: [
          {
            additionalNamedInsuredId: 1,
            firstName: 'Luis',
            lastName: 'Delgado',
            address1: '2417 Riverbank Drive',
            city: 'Sacramento',
            state: 'CA',
            zipCode: '95831',
          },
          {
            additionalNamedInsuredId: 2,
            companyName: 'Delgado Family Trust',
            address1: '2417 Riverbank Drive',
            city: 'Sacramento',
            state: 'CA',
            zipCode: '95831',
          },
        ],
      },
    ),
}

/** The single policy of sam: homeowners on EFT. */
const single: PolicyDefinition = {
  policyId: 'HOM4020001',
  nickname: 'Home',
  build: () =>
    basePolicy(
      {
        policyId: 'HOM4020001',
        planId: 'HO5',
        insured: {
          firstName: 'Sam',
          lastName: 'Okafor',
          birthDate: '1979-08-02',
          maritalStatus: 'Single',
          homePhone: '512-555-0176',
          email: 'sam.single@example.com',
        },
        risk: { address1: '8804 Shoal Creek Boulevard', city: 'Austin', state: 'TX', zipCode: '78757', county: 'Travis' },
        inceptionDate: '2023-06-01',
        effectiveDate: '2026-06-01',
        documents: [['Endorsement HO 04 16 Premises Alarm or Fire Protection System', 'endorsement-ho0416']],
      },
      {
        eftFlag: true,
        totalDue: 60000,
        amountDue: 12000,
        dueDate: '2026-12-01',
        payments: [
          ...installments('2026-07-01', 5, 12000),
          { postDate: '2026-05-15', amount: 24000, checkNumber: '', description: 'Renewal Down Payment - EFT' },
        ],
        policyPacketDocuments: [packet('NB', '2023-06-01'), packet('RN', '2024-06-01', 40), packet('RN', '2025-06-01', 40), packet('RN', '2026-06-01', 40)],
        eSignatures: [{ eSignature: 'SO', dateSigned: '2023-05-25', statementText: 'I confirm that the dwelling has no unrepaired damage.' }],
        mortgagees: [
          {
            type: 'Mortgagee',
            name: 'Texas Capital Mortgage',
            address1: '2000 McKinney Avenue',
            city: 'Dallas',
            state: 'TX',
            zipCode: '75201',
            loanId: 'TCM-5521907',
            mortgageeId: 1,
            escrowFlag: '1',
          },
        ],
      },
    ),
}

/** The policy of pat, whose profile is serviced on the partner site. */
const partner: PolicyDefinition = {
  policyId: 'NHO4030001',
  nickname: 'Lake House',
  sendToProgressive: true,
  build: () =>
    basePolicy(
      {
        policyId: 'NHO4030001',
        planId: 'NH3',
        insured: {
          firstName: 'Pat',
          lastName: 'Lindqvist',
          birthDate: '1971-01-22',
          maritalStatus: 'Married',
          homePhone: '614-555-0190',
          email: 'pat.partner@example.com',
        },
        risk: { address1: '417 Lakeshore Road', city: 'Columbus', state: 'OH', zipCode: '43221', county: 'Franklin' },
        inceptionDate: '2022-08-15',
        effectiveDate: '2026-08-15',
      },
      {
        policyPacketDocuments: [packet('NB', '2022-08-15'), packet('RN', '2026-08-15', 40)],
        payments: [{ postDate: '2026-07-30', amount: 131800, checkNumber: '', description: 'Renewal Premium - EFT' }],
      },
    ),
}

export const DIRECT_POLICIES: PolicyDefinition[] = [homeownersBalance, condoPaid, floodBalance, single, partner]
