/**
 * Policy numbers (spec 000 "Find My Policy" help text): a letter prefix then digits, no spaces, for
 * example FLA12345. Flood prefixes AEX and EX are two or three letters, so two or three are accepted.
 */
/** THE policy-number form; every check of a policy id (forms, API paths, storage keys, schemas) uses it. */
export const POLICY_NUMBER = /^[A-Z]{2,3}[0-9]{3,12}$/

export function normalizePolicyNumber(input: string): string {
  return input.trim().toUpperCase()
}

export function isPolicyNumberFormat(policyId: string): boolean {
  return POLICY_NUMBER.test(policyId)
}
