/**
 * Shared reference data for the demo policies: agents by state and the standard (coverage)
 * documents each plan lists. Standard documents are shared: one PDF per file name in R2.
 */
export interface Agent {
  agentName: string
  agentAddress1: string
  agentAddress2: string
  agentCity: string
  agentState: string
  agentZipCode: string
  agentPhone: string
  agentEmail: string
}

function agent(name: string, a1: string, a2: string, city: string, state: string, zip: string, phone: string, email: string): Agent {
  return {
    agentName: name,
    agentAddress1: a1,
    agentAddress2: a2,
    agentCity: city,
    agentState: state,
    agentZipCode: zip,
    agentPhone: phone,
    agentEmail: email,
  }
}

const AGENTS: Record<string, Agent> = {
  CA: agent(
    'Golden State Insurance Agency',
    '1200 J Street',
    'Suite 400',
    'Sacramento',
    'CA',
    '95814',
    '916-555-0142',
    'service@goldenstate-agency.example.com',
  ),
  FL: agent('Gulf Coast Insurance Partners', '801 Brickell Avenue', 'Floor 9', 'Miami', 'FL', '33131', '305-555-0187', 'help@gulfcoast-partners.example.com'),
  TX: agent('Lone Star Agency Group', '600 Congress Avenue', '', 'Austin', 'TX', '78701', '512-555-0119', 'agents@lonestar-agency.example.com'),
  GA: agent(
    'Peach State Insurance Group',
    '191 Peachtree Street NE',
    'Suite 2100',
    'Atlanta',
    'GA',
    '30303',
    '404-555-0165',
    'service@peachstate-ins.example.com',
  ),
  NC: agent('Carolina Coverage Agency', '150 Fayetteville Street', '', 'Raleigh', 'NC', '27601', '919-555-0133', 'office@carolina-coverage.example.com'),
  SC: agent('Lowcountry Insurance Services', '40 Broad Street', '', 'Charleston', 'SC', '29401', '843-555-0171', 'team@lowcountry-ins.example.com'),
  OH: agent('Buckeye Insurance Services', '65 East State Street', 'Suite 800', 'Columbus', 'OH', '43215', '614-555-0128', 'info@buckeye-ins.example.com'),
  IL: agent('Prairie Insurance Agency', '233 South Wacker Drive', 'Suite 5500', 'Chicago', 'IL', '60606', '312-555-0150', 'service@prairie-agency.example.com'),
  LA: agent('Bayou Insurance Agency', '451 Florida Street', '', 'Baton Rouge', 'LA', '70801', '225-555-0176', 'desk@bayou-agency.example.com'),
  AL: agent('Heart of Dixie Insurance', '1901 6th Avenue North', 'Suite 1500', 'Birmingham', 'AL', '35203', '205-555-0112', 'hello@dixie-ins.example.com'),
  NJ: agent('Garden State Coverage', '1 Gateway Center', '', 'Newark', 'NJ', '07102', '973-555-0147', 'service@gardenstate-cov.example.com'),
}

export function agentFor(state: string): Agent {
  const a = AGENTS[state]
  if (!a) throw new Error(`no demo agent for state ${state}`)
  return a
}

export interface DocumentEntry {
  description: string
  fileName: string
}

/** Coverage documents by key; `lines` is the body the PDF generator prints. */
const STANDARD_DOCUMENTS = {
  privacy: { description: 'Notice of Privacy Practices', fileName: 'PrivacyNotice-2026.pdf' },
  ho3: { description: 'HO 00 03 Homeowners 3 - Special Form', fileName: 'HO0003-0511.pdf' },
  ho5: { description: 'HO 00 05 Homeowners 5 - Comprehensive Form', fileName: 'HO0005-0511.pdf' },
  ho4: { description: 'HO 00 04 Homeowners 4 - Contents Broad Form', fileName: 'HO0004-0511.pdf' },
  ho6: { description: 'HO 00 06 Homeowners 6 - Unit-Owners Form', fileName: 'HO0006-0511.pdf' },
  dp1: { description: 'DP 00 01 Dwelling Property 1 - Basic Form', fileName: 'DP0001-0702.pdf' },
  dp3: { description: 'DP 00 03 Dwelling Property 3 - Special Form', fileName: 'DP0003-0702.pdf' },
  mh: { description: 'MH 04 01 Mobilehome Endorsement', fileName: 'MH0401-0611.pdf' },
  commercial: { description: 'CP 00 10 Building and Personal Property Coverage Form', fileName: 'CP0010-1012.pdf' },
  builders: { description: 'CP 00 20 Builders Risk Coverage Form', fileName: 'CP0020-1012.pdf' },
  umbrella: { description: 'DL 98 01 Personal Umbrella Liability Policy', fileName: 'DL9801-0709.pdf' },
  sfip: { description: 'Standard Flood Insurance Policy - Dwelling Form', fileName: 'SFIP-DwellingForm-2021.pdf' },
  floodClaims: { description: 'Flood Insurance Claims Handbook', fileName: 'FloodClaimsHandbook-2024.pdf' },
  excessFlood: { description: 'Excess Flood Coverage Form', fileName: 'ExcessFlood-CoverageForm-2024.pdf' },
} as const satisfies Record<string, DocumentEntry>

type StandardKey = keyof typeof STANDARD_DOCUMENTS

const STANDARD_BY_PLAN: Record<string, readonly StandardKey[]> = {
  BR3: ['builders'],
  CPL: ['commercial'],
  CPO: ['commercial'],
  CPP: ['commercial'],
  DP1: ['dp1'],
  DP3: ['dp3'],
  HO3: ['ho3'],
  HO5: ['ho5'],
  HO7: ['ho3'],
  HO8: ['ho3'],
  HOA: ['ho3'],
  HOB: ['ho3'],
  MFH: ['ho3', 'mh'],
  HO4: ['ho4'],
  NH3: ['ho3'],
  HO6: ['ho6'],
  NH6: ['ho6'],
  RSC: ['dp3'],
  UMB: ['umbrella'],
  PRP: ['sfip', 'floodClaims'],
  STD: ['sfip', 'floodClaims'],
  MP3: ['sfip', 'floodClaims'],
  EXC: ['excessFlood', 'floodClaims'],
}

export function standardDocumentsFor(planId: string): DocumentEntry[] {
  const keys = STANDARD_BY_PLAN[planId] ?? []
  return [...keys, 'privacy' as const].map((k) => ({ ...STANDARD_DOCUMENTS[k] }))
}

/** Body text of a standard document's PDF. */
export function standardDocumentLines(doc: DocumentEntry): string[] {
  return [
    `${doc.description}.`,
    'This coverage form is part of your policy when it is listed on your Declarations Page.',
    'Read it together with the Declarations, any endorsements and the application.',
    'Words in bold type have the meanings given in the Definitions section of this form.',
    'This is a demonstration document generated for the policyholder portal. It is not a contract of insurance.',
  ]
}
