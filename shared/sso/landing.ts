import type { RouteName } from '../routes'

export const ACTION_CODES = ['POLICYSUMMARY', 'POLICYDOCUMENTS', 'REPORTCLAIM'] as const

/**
 * Where a loaded policy opens (spec 000 "SSO landing", also used by Account Home): the e-signature
 * page when one is required, else by action code, PolicyOverview by default.
 */
export function landingRoute(policy: { eSignatureRequired: boolean }, actionCd?: string | null): RouteName {
  if (policy.eSignatureRequired) return 'ESignature'
  switch ((actionCd ?? '').toUpperCase()) {
    case 'POLICYDOCUMENTS':
      return 'PolicyDocs'
    case 'REPORTCLAIM':
      return 'ReportClaim'
    default:
      return 'PolicyOverview'
  }
}
