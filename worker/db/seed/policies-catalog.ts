import { addMonths } from './dates'
import { basePolicy, docFile, mailingFrom, packet, type Insured, type PolicyDefinition } from './build'

/** Policies of casey (direct.catalog): the remaining plan codes and payment-due box variants. */

const casey: Insured = {
  firstName: 'Casey',
  lastName: 'Whitfield',
  birthDate: '1969-06-17',
  maritalStatus: 'Married',
  homePhone: '404-555-0139',
  email: 'casey.catalog@example.com',
}
const caseyHome = { address1: '3400 Habersham Road NW', city: 'Atlanta', state: 'GA', zipCode: '30305', county: 'Fulton' }
const caseyMail = mailingFrom(caseyHome)

const contractor: PolicyDefinition = {
  policyId: 'BLD4050001',
  nickname: 'Builders Risk',
  build: () =>
    basePolicy(
      {
        policyId: 'BLD4050001',
        planId: 'BR3',
        insured: casey,
        risk: { address1: '1180 Marietta Street NW', city: 'Atlanta', state: 'GA', zipCode: '30318', county: 'Fulton' },
        mailing: caseyMail,
        inceptionDate: '2026-04-01',
        effectiveDate: '2026-04-01',
      },
      {
        totalDue: 72000,
        amountDue: 12000,
        pastDue: 12000,
        dueDate: '2026-11-25',
        policyPacketDocuments: [packet('NB', '2026-04-01')],
        // Three mortgagees: over the default display cap of 2.
        mortgagees: [
          {
            type: 'Mortgagee',
            name: 'Truist Construction Lending',
            address1: '303 Peachtree Street NE',
            city: 'Atlanta',
            state: 'GA',
            zipCode: '30308',
            loanId: 'TCL-400112',
            mortgageeId: 1,
            escrowFlag: '0',
          },
          {
            type: 'Mortgagee',
            name: 'Synovus Bank',
            address1: '1111 Bay Avenue',
            city: 'Columbus',
            state: 'GA',
            zipCode: '31901',
            loanId: 'SYN-88231',
            mortgageeId: 2,
            escrowFlag: '0',
          },
          {
            type: 'Mortgagee',
            name: 'Ameris Bank',
            address1: '3490 Piedmont Road NE',
            city: 'Atlanta',
            state: 'GA',
            zipCode: '30305',
            loanId: 'AMB-20931',
            mortgageeId: 3,
            escrowFlag: '0',
          },
        ],
        payments: [
          { postDate: '2026-09-25', amount: 12000, checkNumber: '', description: 'Installment Payment - Online' },
          { postDate: '2026-08-25', amount: 12000, checkNumber: '', description: 'Installment Payment - Online' },
          { postDate: '2026-03-20', amount: 36000, checkNumber: '', description: 'Down Payment - Online' },
        ],
      },
    ),
}

const commercialMessage: PolicyDefinition = {
  policyId: 'COM4050002',
  nickname: 'Storefront',
  build: () =>
    basePolicy(
      {
        policyId: 'COM4050002',
        planId: 'CPL',
        insured: casey,
        risk: { address1: '300 Main Street', city: 'Alpharetta', state: 'GA', zipCode: '30009', county: 'Fulton' },
        mailing: caseyMail,
        inceptionDate: '2025-07-01',
        effectiveDate: '2026-07-01',
      },
      {
        paymentMessage: 'Your account has been referred to our billing department. Please call 1-800-555-0134 to discuss your balance.',
        totalDue: 215000,
        amountDue: 215000,
        dueDate: '2026-12-01',
        policyPacketDocuments: [packet('NB', '2025-07-01'), packet('RN', '2026-07-01', 40)],
      },
    ),
}

const commercialTermsDue: PolicyDefinition = {
  policyId: 'COM4050003',
  nickname: 'Office',
  build: () =>
    basePolicy(
      {
        policyId: 'COM4050003',
        planId: 'CPO',
        insured: casey,
        risk: { address1: '1010 Peachtree Street NE', address2: 'Suite 300', city: 'Atlanta', state: 'GA', zipCode: '30309', county: 'Fulton' },
        mailing: caseyMail,
        inceptionDate: '2024-10-01',
        effectiveDate: '2026-10-01',
      },
      {
        numberOfTermsDue: 2,
        pastTermDue: 310000,
        totalDue: 620000,
        amountDue: 310000,
        pastDue: 310000,
        dueDate: '2026-10-01',
        policyPacketDocuments: [packet('NB', '2024-10-01'), packet('RN', '2025-10-01', 40), packet('RN', '2026-10-01', 40)],
        payments: [{ postDate: '2024-09-20', amount: 298000, checkNumber: '8812', description: 'New Business Premium - Check' }],
      },
    ),
}

/** 36 monthly payments: four pages of payment history, so first/last buttons appear. */
const commercialPackage: PolicyDefinition = {
  policyId: 'COM4050004',
  nickname: 'Warehouse',
  build: () => {
    const payments = Array.from({ length: 36 }, (_, i) => {
      const byCheck = i % 3 === 0
      return {
        postDate: addMonths('2023-12-01', i),
        amount: 42500,
        checkNumber: byCheck ? String(5001 + i) : '',
        description: byCheck ? 'Installment Payment - Check' : 'Installment Payment - EFT',
      }
    }).reverse()
    return basePolicy(
      {
        policyId: 'COM4050004',
        planId: 'CPP',
        insured: casey,
        risk: { address1: '42 Mill Street', city: 'Roswell', state: 'GA', zipCode: '30075', county: 'Fulton' },
        mailing: caseyMail,
        inceptionDate: '2023-11-01',
        effectiveDate: '2026-11-01',
        documents: [['Endorsement CP 04 05 Ordinance or Law Coverage', 'endorsement-cp0405']],
      },
      {
        totalDue: 467500,
        amountDue: 42500,
        dueDate: '2026-12-01',
        payments,
        policyPacketDocuments: [
          packet('NB', '2023-11-01'),
          packet('RN', '2024-11-01', 40),
          packet('EB', '2025-03-15', 10),
          packet('RN', '2025-11-01', 40),
          packet('RN', '2026-11-01', 40),
        ],
      },
    )
  },
}

const dwellingRecentPayment: PolicyDefinition = {
  policyId: 'DWL4050005',
  nickname: 'Beach Rental',
  build: () =>
    basePolicy(
      {
        policyId: 'DWL4050005',
        planId: 'DP1',
        insured: casey,
        risk: { address1: '12 Dune Road', city: 'Nags Head', state: 'NC', zipCode: '27959', county: 'Dare' },
        mailing: caseyMail,
        inceptionDate: '2025-12-10',
        effectiveDate: '2025-12-10',
      },
      {
        recentPayment: 25000,
        totalDue: 45600,
        amountDue: 45600,
        dueDate: '2026-12-10',
        policyPacketDocuments: [packet('NB', '2025-12-10')],
        payments: [
          { postDate: '2026-10-28', amount: 25000, checkNumber: '', description: 'Partial Payment - Online' },
          { postDate: '2025-11-30', amount: 70600, checkNumber: '8790', description: 'Down Payment - Check' },
        ],
      },
    ),
}

const manufacturedHome: PolicyDefinition = {
  policyId: 'MFH4050006',
  nickname: 'Lake Lot',
  build: () =>
    basePolicy(
      {
        policyId: 'MFH4050006',
        planId: 'MFH',
        insured: casey,
        risk: { address1: '88 Pecan Grove Lane', address2: 'Lot 14', city: 'Dothan', state: 'AL', zipCode: '36301', county: 'Houston' },
        mailing: caseyMail,
        inceptionDate: '2025-03-15',
        effectiveDate: '2026-03-15',
      },
      {
        policyPacketDocuments: [packet('NB', '2025-03-15'), packet('RN', '2026-03-15', 40)],
        payments: [{ postDate: '2026-03-01', amount: 86400, checkNumber: '8801', description: 'Renewal Premium - Paid in Full' }],
        mortgagees: [
          {
            type: 'Lienholder',
            name: '21st Mortgage Corporation',
            address1: 'PO Box 477',
            city: 'Knoxville',
            state: 'TN',
            zipCode: '37901',
            loanId: 'MH-7741203',
            mortgageeId: 1,
            escrowFlag: '0',
          },
          {
            type: 'Mortgagee',
            name: 'Vanderbilt Mortgage and Finance',
            address1: '500 Alcoa Trail',
            city: 'Maryville',
            state: 'TN',
            zipCode: '37804',
            loanId: 'VMF-2210458',
            mortgageeId: 2,
            escrowFlag: '0',
          },
          // Five entries: over the manufactured-home display cap of 4.
          {
            type: 'Mortgagee',
            name: 'Triad Financial Services',
            address1: '13201 Sutton Park Drive South',
            city: 'Jacksonville',
            state: 'FL',
            zipCode: '32224',
            loanId: 'TFS-61822',
            mortgageeId: 3,
            escrowFlag: '0',
          },
          {
            type: 'Mortgagee',
            name: 'CountryPlace Mortgage',
            address1: '15301 Spectrum Drive',
            city: 'Addison',
            state: 'TX',
            zipCode: '75001',
            loanId: 'CPM-30917',
            mortgageeId: 4,
            escrowFlag: '0',
          },
          {
            type: 'Mortgagee',
            name: 'Cascade Financial Services',
            address1: '2825 East Cottonwood Parkway',
            city: 'Salt Lake City',
            state: 'UT',
            zipCode: '84121',
            loanId: 'CFS-11290',
            mortgageeId: 5,
            escrowFlag: '0',
          },
        ],
        additionalInterests: [
          { name: 'Pecan Grove Community LLC', address: '1 Pecan Grove Lane', city: 'Dothan', state: 'AL', zipCode: '36301', country: 'USA', type: 'Landlord' },
          {
            name: 'Wiregrass Property Management',
            address: '200 North Foster Street',
            city: 'Dothan',
            state: 'AL',
            zipCode: '36303',
            country: 'USA',
            type: 'Property Manager',
          },
          {
            name: 'Whitfield Holdings LLC',
            address: '3400 Habersham Road NW',
            city: 'Atlanta',
            state: 'GA',
            zipCode: '30305',
            country: 'USA',
            type: 'Additional Insured',
          },
          {
            name: 'Jordan Whitfield',
            address: '88 Pecan Grove Lane',
            city: 'Dothan',
            state: 'AL',
            zipCode: '36301',
            country: 'USA',
            type: 'Resident Relative',
          },
          {
            name: 'Southern Skirting and Tie-Down Co.',
            address: '45 Industrial Parkway',
            city: 'Dothan',
            state: 'AL',
            zipCode: '36303',
            country: 'USA',
            type: 'Contractor',
          },
        ],
      },
    ),
}

const renters: PolicyDefinition = {
  policyId: 'RNT4050007',
  nickname: 'Apartment',
  build: () =>
    basePolicy(
      {
        policyId: 'RNT4050007',
        planId: 'HO4',
        insured: casey,
        risk: { address1: '725 Ponce de Leon Avenue NE', address2: 'Apt 5B', city: 'Atlanta', state: 'GA', zipCode: '30306', county: 'DeKalb' },
        inceptionDate: '2026-01-15',
        effectiveDate: '2026-01-15',
      },
      {
        payments: [{ postDate: '2026-01-10', amount: 21800, checkNumber: '', description: 'New Business Premium - Credit Card' }],
        additionalInterests: [
          {
            name: 'Ponce Park Apartments LLC',
            address: '725 Ponce de Leon Avenue NE',
            city: 'Atlanta',
            state: 'GA',
            zipCode: '30306',
            country: 'USA',
            type: 'Landlord',
          },
          {
            name: 'Summit Property Management',
            address: '1100 Spring Street NW',
            city: 'Atlanta',
            state: 'GA',
            zipCode: '30309',
            country: 'USA',
            type: 'Property Manager',
          },
        ],
      },
    ),
}

const nationalCondo: PolicyDefinition = {
  policyId: 'NCN4050008',
  nickname: 'City Condo',
  build: () =>
    basePolicy(
      {
        policyId: 'NCN4050008',
        planId: 'NH6',
        insured: casey,
        risk: { address1: '180 East Pearson Street', address2: 'Unit 4102', city: 'Chicago', state: 'IL', zipCode: '60611', county: 'Cook' },
        mailing: caseyMail,
        inceptionDate: '2024-02-01',
        effectiveDate: '2026-02-01',
        documents: [['Application', 'application']],
      },
      {
        applicationFileName: docFile('NCN4050008', 'application'),
        policyPacketDocuments: [packet('NB', '2024-02-01'), packet('RN', '2026-02-01', 40)],
        payments: [{ postDate: '2026-01-20', amount: 118900, checkNumber: '', description: 'Renewal Premium - EFT' }],
        mortgagees: [
          {
            type: 'Mortgagee',
            name: 'Wintrust Mortgage',
            address1: '9700 West Higgins Road',
            city: 'Rosemont',
            state: 'IL',
            zipCode: '60018',
            loanId: 'WM-0098123',
            mortgageeId: 3,
            escrowFlag: '1',
          },
        ],
        // Three additional interests: over the default display cap of 2.
        additionalInterests: [
          {
            name: 'Pearson Tower Condominium Association',
            address: '180 East Pearson Street',
            city: 'Chicago',
            state: 'IL',
            zipCode: '60611',
            country: 'USA',
            type: 'Condominium Association',
          },
          {
            name: 'Lakeshore Property Management',
            address: '233 South Wacker Drive',
            city: 'Chicago',
            state: 'IL',
            zipCode: '60606',
            country: 'USA',
            type: 'Property Manager',
          },
          {
            name: 'Gold Coast Rentals LLC',
            address: '900 North Michigan Avenue',
            city: 'Chicago',
            state: 'IL',
            zipCode: '60611',
            country: 'USA',
            type: 'Landlord',
          },
        ],
      },
    ),
}

const risc: PolicyDefinition = {
  policyId: 'RSC4050009',
  nickname: 'Shotgun House',
  build: () =>
    basePolicy(
      {
        policyId: 'RSC4050009',
        planId: 'RSC',
        insured: casey,
        risk: { address1: '5120 Magazine Street', city: 'New Orleans', state: 'LA', zipCode: '70115', county: 'Orleans' },
        mailing: caseyMail,
        inceptionDate: '2026-05-01',
        effectiveDate: '2026-05-01',
      },
      {
        policyPacketDocuments: [packet('NB', '2026-05-01')],
        payments: [{ postDate: '2026-04-24', amount: 97300, checkNumber: '8833', description: 'New Business Premium - Check' }],
        // One Lienholder: the singular lienholder heading 'Mortgagee/Lienholder'.
        mortgagees: [
          {
            type: 'Lienholder',
            name: 'Crescent City Credit Union',
            address1: '1800 Canal Street',
            city: 'New Orleans',
            state: 'LA',
            zipCode: '70112',
            loanId: 'CCCU-55102',
            mortgageeId: 2,
            escrowFlag: '0',
          },
        ],
      },
    ),
}

const umbrella: PolicyDefinition = {
  policyId: 'UMB4050010',
  nickname: 'Umbrella',
  build: () =>
    basePolicy(
      {
        policyId: 'UMB4050010',
        planId: 'UMB',
        insured: casey,
        risk: caseyHome,
        inceptionDate: '2025-08-01',
        effectiveDate: '2026-08-01',
      },
      {
        policyPacketDocuments: [packet('NB', '2025-08-01'), packet('RN', '2026-08-01', 40)],
        payments: [{ postDate: '2026-07-22', amount: 38500, checkNumber: '', description: 'Renewal Premium - EFT' }],
        additionalInterests: [
          { name: 'Whitfield Family Trust', address: '45 King Street West', city: 'Toronto', state: 'ON', zipCode: 'M5H 1J8', country: 'CAN', type: 'Trust' },
          {
            name: 'Alder and Finch LLP',
            address: '1 Peachtree Center',
            city: 'Atlanta',
            state: 'GA',
            zipCode: '30303',
            country: 'USA',
            type: 'Additional Insured',
          },
        ],
      },
    ),
}

/** Flood with a balance whose online payments are switched off; originalTransType 17A. */
const floodPaymentsDisabled: PolicyDefinition = {
  policyId: 'FLD4050011',
  nickname: 'Naples Flood',
  build: () =>
    basePolicy(
      {
        policyId: 'FLD4050011',
        planId: 'STD',
        insured: { ...casey, birthDate: null },
        risk: { address1: '4400 Gulf Shore Boulevard North', city: 'Naples', state: 'FL', zipCode: '34103', county: 'Collier' },
        mailing: caseyMail,
        inceptionDate: '2026-10-25',
        effectiveDate: '2026-10-25',
        postDate: '2026-10-12',
      },
      {
        floodZone: 'VE',
        originalTransType: '17A',
        features: { 'pH.DisableFloodPayments': true },
        totalDue: 87600,
        amountDue: 87600,
        dueDate: '2026-12-05',
        additionalNamedInsureds: [
          {
            additionalNamedInsuredId: 1,
            firstName: 'Jordan',
            lastName: 'Whitfield',
            address1: '3400 Habersham Road NW',
            city: 'Atlanta',
            state: 'GA',
            zipCode: '30305',
          },
        ],
      },
    ),
}

/**
 * Flood with a balance, for Make a Payment: online flood payments are switched off but this policy has
 * the splash-page bypass, the amount is the total due read-only (pH.DisableFloodPIFEdit), and no email
 * is on file (an SSO visitor is asked for one).
 */
const floodPaymentsBypass: PolicyDefinition = {
  policyId: 'FLD4050012',
  nickname: 'Savannah Flood',
  build: () =>
    basePolicy(
      {
        policyId: 'FLD4050012',
        planId: 'PRP',
        insured: { ...casey, birthDate: null, email: '' },
        risk: { address1: '18 East Bay Street', city: 'Savannah', state: 'GA', zipCode: '31401', county: 'Chatham' },
        mailing: caseyMail,
        inceptionDate: '2026-06-01',
        effectiveDate: '2026-06-01',
        postDate: '2026-05-20',
      },
      {
        floodZone: 'AE',
        features: { 'pH.DisableFloodPayments': true, 'pH.BypassPaymentSplashPage.FLD4050012': true, 'pH.DisableFloodPIFEdit': true },
        totalDue: 64800,
        amountDue: 64800,
        dueDate: '2026-12-01',
      },
    ),
}

export const CATALOG_POLICIES: PolicyDefinition[] = [
  contractor,
  commercialMessage,
  commercialTermsDue,
  commercialPackage,
  dwellingRecentPayment,
  manufacturedHome,
  renters,
  nationalCondo,
  risc,
  umbrella,
  floodPaymentsDisabled,
  floodPaymentsBypass,
]
