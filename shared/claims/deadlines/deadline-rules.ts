import { PROOF_OF_LOSS_DAYS } from '../flood-deadlines'

/**
 * The deadlines of a claim, both sides (issue 33 item 3, decision 212), as a table by state: each row
 * what is due, by whom, how many calendar or business days after what, and the section of law it comes
 * from. A state not in the table gets the NAIC model regulation's 15 days to acknowledge. The state is
 * the policy's (the insured property's). The state insurance department's consumer line is shown when
 * the claims team missed a date.
 */
type DeadlineParty = 'insurer' | 'policyholder'

export type DeadlineKind = 'acknowledge' | 'bill-of-rights' | 'decide' | 'pay-or-deny' | 'pay' | 'written-update' | 'proof-of-loss' | 'appeal'

/** What a deadline counts from: the report (the insurer's notice), the last of the items asked for, the acceptance, the loss, the denial letter, the first letter asking for more time. */
export type DeadlineAnchor = 'reported' | 'all-items' | 'accepted' | 'loss' | 'denial-letter' | 'more-time-letter'

export interface DeadlineRule {
  kind: DeadlineKind
  party: DeadlineParty
  /** What is due, in the policyholder's words. */
  what: string
  days: number
  unit: 'calendar' | 'business'
  from: DeadlineAnchor
  /**
   * A letter asking for more time, sent before the date, moves it: to `days` calendar days after the
   * letter (Texas), or to no fixed date with written updates every 30 days instead (California).
   */
  moreTime?: { days: number } | 'written-updates'
  /** The section of law (or the policy form) the row comes from. */
  source: string
}

export interface ConsumerLine {
  name: string
  /** null when there is no one number (the default row). */
  phone: string | null
  site: string
  source: string
}

export interface StateDeadlines {
  /** Two-letter code; null for the default. */
  state: string | null
  rules: readonly DeadlineRule[]
  department: ConsumerLine
}

const acknowledge = (days: number, source: string): DeadlineRule => ({
  kind: 'acknowledge',
  party: 'insurer',
  what: 'Acknowledge your claim',
  days,
  unit: 'calendar',
  from: 'reported',
  source,
})

/** Florida: Fla. Stat. 627.70131 and 627.7142 (as amended in 2022, 7 and 60 days). */
const FLORIDA: StateDeadlines = {
  state: 'FL',
  rules: [
    acknowledge(7, 'Fla. Stat. 627.70131(1)(a)'),
    {
      kind: 'bill-of-rights',
      party: 'insurer',
      what: 'Send you the Homeowner Claims Bill of Rights',
      days: 14,
      unit: 'calendar',
      from: 'reported',
      source: 'Fla. Stat. 627.7142',
    },
    {
      kind: 'pay-or-deny',
      party: 'insurer',
      what: 'Pay or deny your claim',
      days: 60,
      unit: 'calendar',
      from: 'reported',
      source: 'Fla. Stat. 627.70131(7)(a)',
    },
  ],
  department: {
    name: 'Florida Department of Financial Services, Division of Consumer Services',
    phone: '1-877-693-5236',
    site: 'https://www.myfloridacfo.com/division/consumers',
    source: 'Fla. Stat. 624.307(10); number and site as the department publishes them',
  },
}

/** Texas: Tex. Ins. Code ch. 542, subchapter B (Prompt Payment of Claims); business days as 542.051 defines them. */
const TEXAS: StateDeadlines = {
  state: 'TX',
  rules: [
    acknowledge(15, 'Tex. Ins. Code 542.055(a)'),
    {
      kind: 'decide',
      party: 'insurer',
      what: 'Accept or reject your claim in writing',
      days: 15,
      unit: 'business',
      from: 'all-items',
      moreTime: { days: 45 },
      source: 'Tex. Ins. Code 542.056(a), (d)',
    },
    { kind: 'pay', party: 'insurer', what: 'Pay what was accepted', days: 5, unit: 'business', from: 'accepted', source: 'Tex. Ins. Code 542.057(a)' },
  ],
  department: {
    name: 'Texas Department of Insurance, Consumer Help Line',
    phone: '1-800-252-3439',
    site: 'https://www.tdi.texas.gov/consumer/',
    source: 'Tex. Ins. Code 521.051; number and site as the department publishes them',
  },
}

/** California: the Fair Claims Settlement Practices Regulations, 10 CCR 2695.5 and 2695.7. */
const CALIFORNIA: StateDeadlines = {
  state: 'CA',
  rules: [
    acknowledge(15, '10 CCR 2695.5(e)(1)'),
    {
      kind: 'decide',
      party: 'insurer',
      what: 'Accept or deny your claim in writing',
      days: 40,
      unit: 'calendar',
      from: 'all-items',
      moreTime: 'written-updates',
      source: '10 CCR 2695.7(b)',
    },
    {
      kind: 'written-update',
      party: 'insurer',
      what: 'Write to you every 30 days until the decision, once more time was needed',
      days: 30,
      unit: 'calendar',
      from: 'more-time-letter',
      source: '10 CCR 2695.7(c)(1)',
    },
    { kind: 'pay', party: 'insurer', what: 'Pay what was accepted', days: 30, unit: 'calendar', from: 'accepted', source: '10 CCR 2695.7(h)' },
  ],
  department: {
    name: 'California Department of Insurance, Consumer Hotline',
    phone: '1-800-927-4357',
    site: 'https://www.insurance.ca.gov/01-consumers/',
    source: 'Cal. Ins. Code 12921.1; number and site as the department publishes them',
  },
}

/** Any other state: the NAIC model's 15 days to acknowledge, and the directory of state insurance departments. */
const DEFAULT_STATE: StateDeadlines = {
  state: null,
  rules: [acknowledge(15, 'NAIC Unfair Property/Casualty Claims Settlement Practices Model Regulation (#902) §6')],
  department: {
    name: "your state's insurance department",
    phone: null,
    site: 'https://content.naic.org/state-insurance-departments',
    source: 'NAIC directory of state insurance departments',
  },
}

const BY_STATE: Readonly<Record<string, StateDeadlines>> = { FL: FLORIDA, TX: TEXAS, CA: CALIFORNIA }

/**
 * The policyholder's deadlines on a flood (NFIP) claim, in every state: the Proof of Loss of the
 * Standard Flood Insurance Policy (its days are shared/claims/flood-deadlines.ts's) and an appeal to
 * FEMA after a denial.
 */
const FLOOD_POLICYHOLDER_RULES: readonly DeadlineRule[] = [
  {
    kind: 'proof-of-loss',
    party: 'policyholder',
    what: 'Send your signed and sworn proof of loss',
    days: PROOF_OF_LOSS_DAYS,
    unit: 'calendar',
    from: 'loss',
    source: '44 CFR Part 61, Appendix A(1), VII.J.4',
  },
  {
    kind: 'appeal',
    party: 'policyholder',
    what: 'Appeal the denial to FEMA, if you disagree',
    days: 60,
    unit: 'calendar',
    from: 'denial-letter',
    source: '44 CFR 62.20',
  },
]

/** The state's row (the default for a state not in the table). */
export function stateDeadlines(state: string): StateDeadlines {
  return BY_STATE[state.trim().toUpperCase()] ?? DEFAULT_STATE
}

/**
 * The rules of a claim: a homeowners claim has its state's insurer deadlines; a flood claim is an NFIP
 * claim, governed by the federal flood policy rather than the state's claims law (decision 212), so
 * it has the policyholder's flood deadlines.
 */
export function claimRules(state: string, family: 'homeowners' | 'flood'): readonly DeadlineRule[] {
  return family === 'flood' ? FLOOD_POLICYHOLDER_RULES : stateDeadlines(state).rules
}
