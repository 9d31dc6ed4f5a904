export { ReportClaim as default } from './ReportClaim'
export { reportClaimPropsSchema as propsSchema } from '../../shared/schemas/claim-props'
