import type { RouteName } from '../routes'

/** The verification result (spec 000 section 3): GET /v1/profile/verifyPgr/{policyId}. */
export interface VerificationResult {
  sendToProgressive: boolean
  errorMessage: string | null
}

export type FindPolicyOutcome = { kind: 'route'; to: Extract<RouteName, 'GreatNews' | 'RegisterPolicy' | 'AddPolicy'> } | { kind: 'message'; message: string }

/**
 * Spec 000 section 4 "Find policy", in order:
 * 1. sendToProgressive and (a profile is loaded or the profile is flagged): GreatNews;
 * 2. else no error message: RegisterPolicy with no profile, AddPolicy with one;
 * 3. else the message above the form.
 */
export function findPolicyOutcome(result: VerificationResult, who: { profileLoaded: boolean; profileFlagged: boolean }): FindPolicyOutcome {
  if (result.sendToProgressive && (who.profileLoaded || who.profileFlagged)) return { kind: 'route', to: 'GreatNews' }
  if (!result.errorMessage) return { kind: 'route', to: who.profileLoaded ? 'AddPolicy' : 'RegisterPolicy' }
  return { kind: 'message', message: result.errorMessage }
}

/**
 * Find My Policy's Back (spec 000 section 2): Login with no profile loaded, AccountHome when the profile
 * has sendToProgressive set, otherwise ManagePolicies.
 */
export function findPolicyBackTarget(who: { profileLoaded: boolean; sendToProgressive: boolean }): RouteName {
  if (!who.profileLoaded) return 'Login'
  return who.sendToProgressive ? 'AccountHome' : 'ManagePolicies'
}
