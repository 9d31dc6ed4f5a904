import { z } from 'zod'
import type { RouteName } from '../routes'

/** A message for the system-message page (spec 001 section 3 "System message"). */
export const systemMessageSchema = z.object({
  text: z.string().max(2000),
  isError: z.boolean(),
  sendTo: z.string().optional(),
  hideNextButton: z.boolean().default(false),
  showRedirectButton: z.boolean().default(false),
  showPhoneNumber: z.boolean().default(false),
  /** The production-redirect flag (a 502 from a backing service): the button reads 'Return to Login'. */
  productionRedirect: z.boolean().default(false),
})

export type SystemMessage = z.infer<typeof systemMessageSchema>
export type SystemMessageInput = z.input<typeof systemMessageSchema>

export type ReturnButton = { label: 'Return to Login' | 'Return to Account Home' | 'Return to Summary'; to: RouteName }

/** Spec 001 "System message page": which return button shows. */
export function returnButton(m: Pick<SystemMessage, 'productionRedirect'>, who: { directLogin: boolean; hasPolicy: boolean }): ReturnButton {
  if (m.productionRedirect) return { label: 'Return to Login', to: 'Login' }
  if (who.directLogin && !who.hasPolicy) return { label: 'Return to Account Home', to: 'AccountHome' }
  return { label: 'Return to Summary', to: 'PolicyOverview' }
}

export const ERROR_HEADING = 'An unexpected error has occurred.'
export const SUCCESS_HEADING = 'Success!'
