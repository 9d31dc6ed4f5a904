import { z } from 'zod'
import { PAPERLESS_MSG } from '../consent'

/**
 * The Paperless documents form (issue 22 item 4): the box that agrees to the disclosures, the code read
 * from the sample PDF, and the disclosure version the page showed (hidden). Whether the code is right
 * and the version current is shared/paperless/consent.ts (versionRefusal, codeRefusal), once the fields are there.
 */
export const paperlessConsentSchema = z.object({
  agree: z.literal('yes', PAPERLESS_MSG.agreeRequired),
  sampleCode: z.string(PAPERLESS_MSG.codeRequired).trim().min(1, PAPERLESS_MSG.codeRequired).max(20, PAPERLESS_MSG.codeWrong),
  disclosureVersion: z.string().max(40).default(''),
})
export const PAPERLESS_FIELD_ORDER = ['agree', 'sampleCode'] as const
