import { z } from 'zod'
import { mitigationCommentLine } from '../mitigation'
import { CLAIM_TEXT } from '../messages'

/**
 * What the success page of a reported claim says after the spec's answer (issue 32 item 6): a link to the
 * claim's page, what happens next in plain words, and the emergency help asked for with the report (the
 * National Vendor and its services, the repair company named, the mitigation requested). Carried in the
 * system message as these few facts, not as markup, so the signed message stays small.
 */
export const claimFollowUpSchema = z.object({
  claimNumber: z.string().regex(/^[A-Z]{2}-\d{4}-\d{6}$/),
  /** The National Vendor's services asked for (spec 001 section 9 codes); empty when none was. */
  vendorServices: z.array(z.int().min(1).max(4)).max(4).default([]),
  /** The emergency-repair company the policyholder named, and its service type. */
  repairCompany: z.string().max(50).default(''),
  repairService: z.string().max(40).default(''),
  /** The mitigation codes requested (spec 001 section 9: 1 Water, 2 Board Up, 3 Fire/Smoke, 4 Roof Tarping). */
  mitigation: z.array(z.int().min(1).max(4)).max(4).default([]),
})
export type ClaimFollowUp = z.infer<typeof claimFollowUpSchema>

interface FollowUpSubmission {
  emergencyRepair?: { name: string; serviceType: string; assignNationalVendor: string; serviceOptions: readonly number[] }
  mitigationComment?: string
}

/** The follow-up facts of a claim just reported, from its (valid) submission. */
export function claimFollowUpOf(claimNumber: string, s: FollowUpSubmission): ClaimFollowUp {
  const repair = s.emergencyRepair
  const lines = new Set((s.mitigationComment ?? '').split('\n').map((l) => l.trim()))
  return {
    claimNumber,
    vendorServices: repair?.assignNationalVendor === 'yes' ? [...repair.serviceOptions] : [],
    repairCompany: repair?.name.trim() ?? '',
    repairService: repair?.name.trim() ? repair.serviceType : '',
    mitigation: [1, 2, 3, 4].filter((code) => lines.has(mitigationCommentLine(code))),
  }
}

/** The success page's texts around the follow-up (plain words; the spec gives none). */
export const FOLLOW_UP_TEXT = {
  nextHeading: 'What happens next',
  next: [
    'We are sending your claim to our claims team now. Your claim’s page shows their claim number once they have it, and each step after that.',
    'We email you when an adjuster is assigned, when documents are asked for and when a payment is issued. Each email links to your claim.',
  ],
  emergencyHeading: 'Emergency help you asked for',
  vendor: (services: string) =>
    `You asked us to send a National Vendor for: ${services}. We are asking our vendor network now; your claim’s page shows who is coming and when, once a vendor accepts.`,
  /** The assign-repairs modal's own words (spec 001 section 2), repeated where the request is confirmed. */
  vendorNotHeard: CLAIM_TEXT.assignRepairsBody[1],
  company: (company: string, service: string) => `You told us ${company} is doing emergency repairs${service ? ` (${service})` : ''}.`,
  reimbursement: CLAIM_TEXT.assignRepairsBody[2],
  mitigation: 'Sent to our claims team with your claim:',
  link: 'See your claim',
} as const
