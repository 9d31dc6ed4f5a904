export { ReportClaim as default } from './ReportClaim'
export { reportClaimPropsSchema as propsSchema } from '../../shared/claims/schemas/claim-props'
