import { parseLossDateTime } from '../schemas/claim-flood'

/**
 * What the other claim's form starts with (decision 213): the loss facts both forms ask for, taken from
 * the claim just reported. The flood form's and the homeowners form's fields differ; what only one has
 * (the cause, the relationship, the time of loss) the person completes.
 */
export interface CarriedLoss {
  /** yyyy-mm-dd. */
  lossDate: string
  /** HH:mm from a flood claim; '' from a homeowners claim (it asks for no time). */
  lossTime: string
  description: string
  homePhone: string
  workPhone: string
  cellPhone: string
  preferredContact: string
  email: string
  reporterName: string
  reporterPhone: string
  /** Asked only by the homeowners form. */
  reporterRelationship: string
}

const text = (v: unknown, max = 2000) => (typeof v === 'string' ? v.slice(0, max) : '')

/** The carried facts of a stored claim: its date of loss (yyyy-mm-dd, the claim row's) and its submission JSON. */
export function carriedLossOf(lossDate: string, submission: Record<string, unknown>): CarriedLoss {
  const parsed = parseLossDateTime(text(submission.lossDate, 40))
  return {
    lossDate,
    lossTime: parsed?.date === lossDate ? parsed.time : '',
    description: text(submission.lossDescription),
    homePhone: text(submission.homePhone, 20),
    workPhone: text(submission.workPhone, 20),
    cellPhone: text(submission.cellPhone, 20),
    preferredContact: text(submission.preferredContact, 1),
    email: text(submission.emailAddress, 100),
    reporterName: text(submission.claimReportedByName, 100),
    reporterPhone: text(submission.claimReportedByPhone, 20),
    reporterRelationship: text(submission.claimReportedByRelationship, 50),
  }
}
