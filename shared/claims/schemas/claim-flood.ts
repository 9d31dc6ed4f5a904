import * as z from 'zod/mini'
import { CLAIM_MSG, LOSS_TIME_REQUIRED } from '../messages'
import { isRealIsoDate, usToIso } from '../dates'
import {
  CLAIM_MAX,
  checkContact,
  emergencyRepairSchema,
  optionalEmail,
  optionalPhone,
  policyIdField,
  preferredContactValue,
  requiredEmail,
  requiredPhone,
  requiredState,
  requiredText,
  requiredZip,
} from './claim-fields'

const LOSS_DATE_TIME = /^(\d{2}\/\d{2}\/\d{4}) (\d{2}):(\d{2}):\d{2} ([AP]M)$/

/** 'MM/dd/yyyy hh:mm:ss a' -> { date: yyyy-mm-dd, time: HH:mm }; a date alone (time unknown) has time ''; else null. */
export function parseLossDateTime(value: string): { date: string; time: string } | null {
  if (/^\d{2}\/\d{2}\/\d{4}$/.test(value.trim())) return { date: usToIso(value.trim()), time: '' }
  const m = LOSS_DATE_TIME.exec(value.trim())
  if (!m) return null
  const h12 = Number(m[2])
  if (h12 < 1 || h12 > 12 || Number(m[3]) > 59) return null
  const h = (h12 % 12) + (m[4] === 'PM' ? 12 : 0)
  return { date: usToIso(m[1]!), time: `${String(h).padStart(2, '0')}:${m[3]}` }
}

/**
 * The flood claim submission, spec 001 section 3 "Flood claim submission", with the validation of
 * section 5 as it applies to flood: no weather, causes or relationship; preferred contact and confirm
 * email optional and no match check. It also carries `emergencyRepair` (the form collects it, so it is
 * never dropped), the optional preferredContact and confirmEmailAddress. ONE schema for the island and
 * `POST /v1/flood/FirstNoticeOfLoss/{policyId}`.
 *
 * `now` is the policyholder's date and time (shared/clock.ts localDateTime with the policy's state):
 * the date of loss carries a time, and a time later today is in the future too.
 */
export function floodClaimSchema(ctx: { now: { date: string; time: string } }) {
  const future = (v: string) => {
    const p = parseLossDateTime(v)
    if (!p || !isRealIsoDate(p.date)) return false
    return p.date > ctx.now.date || (p.date === ctx.now.date && p.time !== '' && p.time > ctx.now.time)
  }
  return z
    .object({
      claimId: z.literal('', 'must be empty'),
      policyId: policyIdField,
      dateClaimReported: z.string().check(z.regex(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [AP]M$/, 'must be MM/dd/yyyy hh:mm:ss a')),
      /** MM/dd/yyyy hh:mm:ss a: the date and time of loss, both required (a date alone is refused). */
      lossDate: z.string({ error: CLAIM_MSG.lossDateRequired }).check(
        z.trim(),
        z.minLength(1, CLAIM_MSG.lossDateRequired),
        z.refine((v) => v === '' || (parseLossDateTime(v) !== null && isRealIsoDate(parseLossDateTime(v)!.date)), CLAIM_MSG.lossDateInvalid),
        z.refine((v) => !future(v), CLAIM_MSG.lossDateFuture),
        // Issue 35 item 2: the time of loss is required too (it starts the proof-of-loss clock).
        z.refine((v) => v === '' || parseLossDateTime(v)?.time !== '', LOSS_TIME_REQUIRED),
      ),
      lossDescription: requiredText(CLAIM_MSG.descriptionRequiredFlood, CLAIM_MAX.description),
      firstName: z.string().check(z.maxLength(100)),
      lastName: z.string().check(z.maxLength(100)),
      homePhone: optionalPhone,
      workPhone: optionalPhone,
      cellPhone: optionalPhone,
      preferredContact: preferredContactValue,
      emailAddress: requiredEmail,
      confirmEmailAddress: optionalEmail,
      lossAddress: requiredText(CLAIM_MSG.lossAddressRequired, CLAIM_MAX.address),
      lossCity: requiredText(CLAIM_MSG.cityRequired, CLAIM_MAX.city),
      lossState: requiredState,
      lossZipCode: requiredZip,
      claimReportedByName: requiredText(CLAIM_MSG.reportedByRequired, CLAIM_MAX.reportedBy),
      claimReportedByPhone: requiredPhone(CLAIM_MSG.reportedByPhoneRequired),
      emergencyRepair: emergencyRepairSchema,
    })
    .check(z.superRefine((v, issues) => checkContact(v, issues, 'flood')))
}

export type FloodClaimSubmission = z.infer<ReturnType<typeof floodClaimSchema>>
