/**
 * A claim check made out also to the mortgage company (issue 33 item 1, decision 210): the lender is
 * named on the check because it holds an interest in the home, and it endorses the check before the
 * money can be used. What lenders commonly ask before releasing it: the endorsement; for larger losses
 * an inspection of the repairs and a release in stages (Fannie Mae's Servicing Guide B-5-01 lets a
 * servicer release up to $40,000 at once on a current loan and stage the rest against inspections).
 * Each lender sets its own rules: the page says so and gives the lender's contact.
 */
export const STAGED_RELEASE_ABOVE_CENTS = 40_000_00

export interface LenderFacts {
  name: string
  loanId: string
  address1: string
  address2: string
  city: string
  state: string
  zipCode: string
}

export interface LenderRelease {
  lender: LenderFacts
  steps: string[]
}

/** Whether a payee names this lender (names compared without case, punctuation or spacing). */
export function namesLender(payee: string, lenderName: string): boolean {
  const plain = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '')
  return plain(payee) !== '' && plain(payee) === plain(lenderName)
}

/** What the lender usually needs before it releases a check of this amount. */
export function lenderSteps(amountCents: number): string[] {
  const steps = ['Endorse (sign) the check, then send it to the lender for its endorsement.']
  if (amountCents > STAGED_RELEASE_ABOVE_CENTS) {
    steps.push('The lender may inspect the repairs, or ask for the contractor’s estimate and invoices, before releasing the money.')
    steps.push('For an amount this large the lender usually releases the money in stages as the repairs are done.')
  }
  steps.push('Each lender sets its own steps: call its loss draft (insurance claims) department with your loan number.')
  return steps
}

/** The lenders of the policy the check is made out to, each with what it needs. */
export function lenderReleases(payableTo: readonly string[], amountCents: number, lenders: readonly LenderFacts[]): LenderRelease[] {
  return lenders.filter((l) => payableTo.some((p) => namesLender(p, l.name))).map((lender) => ({ lender, steps: lenderSteps(amountCents) }))
}
