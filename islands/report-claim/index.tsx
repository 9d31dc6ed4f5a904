export { ReportClaim as default } from './ReportClaim'
