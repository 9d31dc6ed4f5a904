import { z } from 'zod'
import { ADVANCE_TEXT, advanceRefusal, dollarsToCents } from './advance-limits'
import { isRealIsoDate } from '../dates'

/**
 * The two request forms (issue 33 item 2, decision 211), one schema each: the claim page's no-script
 * forms and the /v1 operation read the same fields. `documentIds` are the claim's files sent with the
 * request (uploaded through the claim's document path first: decision 204's checks); the page fills it
 * with the file it just stored.
 */
const PURPOSE_MAX = 500

const amount = z
  .string({ error: ADVANCE_TEXT.amountRequired })
  .trim()
  .min(1, ADVANCE_TEXT.amountRequired)
  .refine((v) => dollarsToCents(v) !== null, ADVANCE_TEXT.amountInvalid)
  .transform((v) => dollarsToCents(v) as number)

const documentIds = z
  .array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/))
  .max(10)
  .default([])

const ADVANCE_KINDS = ['photos', 'receipts', 'estimate'] as const

export const floodAdvanceSchema = z
  .object({
    amount,
    /** What the documents are (photos, receipts, a contractor's estimate); only read when there are some. */
    documentKind: z.enum(ADVANCE_KINDS).optional(),
    documentIds,
  })
  .superRefine((v, ctx) => {
    const refusal = advanceRefusal('flood-advance', v.amount, v.documentIds.length)
    if (refusal) ctx.addIssue({ code: 'custom', message: refusal, path: ['amount'] })
  })
export type FloodAdvanceRequest = z.infer<typeof floodAdvanceSchema>

const isoDay = (what: string) =>
  z
    .string({ error: `Enter the ${what} date.` })
    .trim()
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isRealIsoDate(v), `Enter the ${what} date as a real date (yyyy-mm-dd).`)

export const livingExpensesSchema = z
  .object({
    amount,
    /** The person's own answer: the homeowners claim's report does not ask it (decision 211). */
    canLiveInHome: z.enum(['yes', 'no'], { error: ADVANCE_TEXT.lossOfUseRequired }),
    periodFrom: isoDay('first'),
    periodTo: isoDay('last'),
    purpose: z
      .string({ error: 'Say what the expenses were for (for example a hotel, meals, laundry).' })
      .trim()
      .min(1, 'Say what the expenses were for (for example a hotel, meals, laundry).')
      .max(PURPOSE_MAX, `Keep it under ${PURPOSE_MAX} characters.`),
    documentIds,
  })
  .superRefine((v, ctx) => {
    if (v.canLiveInHome === 'yes') ctx.addIssue({ code: 'custom', message: ADVANCE_TEXT.lossOfUseNo, path: ['canLiveInHome'] })
    if (v.periodFrom > v.periodTo) ctx.addIssue({ code: 'custom', message: 'The last date comes on or after the first.', path: ['periodTo'] })
    const refusal = advanceRefusal('living-expenses', v.amount, v.documentIds.length)
    if (refusal) ctx.addIssue({ code: 'custom', message: refusal, path: [v.documentIds.length === 0 && v.amount > 0 ? 'documentIds' : 'amount'] })
  })
export type LivingExpensesRequest = z.infer<typeof livingExpensesSchema>
