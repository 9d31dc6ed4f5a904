import { z } from 'zod'
import { NOTIFICATION_MSG, phoneOf } from '../preferences'
import { normalizeCode } from '../../identity/sign-in-code'

/**
 * The three forms of Notifications (issue 32 item 5): the choices (one box per kind and channel the
 * person may change; an unchecked box is absent), the mobile number with the consent to texts, and the
 * code sent to it. Whether a choice may be made (text needs a verified number) is the service's.
 */
const box = z.literal('on', NOTIFICATION_MSG.badChoice).optional()

export const preferencesSchema = z
  .object({
    'claim-updates:email': box,
    'claim-updates:text': box,
    'payments:email': box,
    'payments:text': box,
  })
  .transform((f) => ({
    'claim-updates': { email: f['claim-updates:email'] === 'on', text: f['claim-updates:text'] === 'on' },
    payments: { email: f['payments:email'] === 'on', text: f['payments:text'] === 'on' },
    security: { email: true, text: false },
  }))
export const PREFERENCES_FIELD_ORDER = ['claim-updates:email', 'claim-updates:text', 'payments:email', 'payments:text'] as const

export const phoneSchema = z.object({
  phone: z
    .string(NOTIFICATION_MSG.phoneRequired)
    .trim()
    .min(1, NOTIFICATION_MSG.phoneRequired)
    .max(30, NOTIFICATION_MSG.phoneInvalid)
    .transform((typed, ctx) => {
      const phone = phoneOf(typed)
      if (!phone) ctx.addIssue({ code: 'custom', message: NOTIFICATION_MSG.phoneInvalid })
      return phone ?? ''
    }),
  consent: z.literal('yes', NOTIFICATION_MSG.consentRequired),
  /** The consent's version the page showed (hidden): what the person agreed to. */
  consentVersion: z.string().max(40).default(''),
})
export const PHONE_FIELD_ORDER = ['phone', 'consent'] as const

export const phoneCodeSchema = z.object({
  code: z
    .string(NOTIFICATION_MSG.codeRequired)
    .trim()
    .min(1, NOTIFICATION_MSG.codeRequired)
    .max(20, NOTIFICATION_MSG.codeFormat)
    .transform((typed, ctx) => {
      const code = normalizeCode(typed)
      if (!code) ctx.addIssue({ code: 'custom', message: NOTIFICATION_MSG.codeFormat })
      return code ?? ''
    }),
})
export const PHONE_CODE_FIELD_ORDER = ['code'] as const
