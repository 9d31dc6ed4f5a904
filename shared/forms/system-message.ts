import { z } from 'zod'
import type { RouteName } from '../routes'
import { claimFollowUpSchema } from '../claims/follow-up/reported-follow-up'
import type { Locale } from '../i18n/locale'

export type ReturnButton = { label: 'Return to Login' | 'Return to Account Home' | 'Return to Summary'; to: RouteName }

/** The named pages the return button can go to: routes SystemMessage may be left for, each with its label. */
const RETURN_BUTTONS = {
  Login: { label: 'Return to Login', to: 'Login' },
  AccountHome: { label: 'Return to Account Home', to: 'AccountHome' },
  PolicyOverview: { label: 'Return to Summary', to: 'PolicyOverview' },
} as const satisfies Record<string, ReturnButton>

/** The return buttons' labels in Spanish (issue 36): every label of the spec has one. */
const RETURN_LABELS_ES: Readonly<Record<ReturnButton['label'], string>> = {
  'Return to Login': 'Volver a iniciar sesión',
  'Return to Account Home': 'Volver al inicio de la cuenta',
  'Return to Summary': 'Volver al resumen',
}

/** A return button's label in the page's language (the spec's English label for English). */
export function returnButtonLabel(b: ReturnButton, locale: Locale): string {
  return locale === 'es' ? RETURN_LABELS_ES[b.label] : b.label
}

/** A message for the system-message page (spec 001 section 3 "System message"). */
export const systemMessageSchema = z.object({
  text: z.string().max(2000),
  isError: z.boolean(),
  /** The named page the return button goes to (spec 001: "A button returns to a named page"). */
  sendTo: z.enum(['Login', 'AccountHome', 'PolicyOverview']).optional(),
  hideNextButton: z.boolean().default(false),
  showRedirectButton: z.boolean().default(false),
  showPhoneNumber: z.boolean().default(false),
  /** The production-redirect flag (a 502 from a backing service): the button reads 'Return to Login'. */
  productionRedirect: z.boolean().default(false),
  /**
   * Ours (decisions 171, 222): a payment whose outcome is not known yet. It is neither an error nor a
   * success, so it has its own heading (the spec gives headings to those two only), the warning look
   * (no red cross), and is read as a status.
   */
  pending: z.boolean().default(false),
  /** Ours (issue 32 item 6): a reported claim's success also links to the claim and says what happens next. */
  claimFollowUp: claimFollowUpSchema.optional(),
})

export type SystemMessage = z.infer<typeof systemMessageSchema>
export type SystemMessageInput = z.input<typeof systemMessageSchema>

/**
 * Spec 001 "System message page": which return button shows. The production-redirect case reads
 * 'Return to Login'; else the page the message names (sendTo); else 'Return to Account Home' for a
 * direct-login user with no policy, or 'Return to Summary'.
 */
export function returnButton(
  m: Pick<SystemMessage, 'productionRedirect' | 'sendTo'>,
  who: { directLogin: boolean; hasPolicy: boolean; claimSession?: boolean },
): ReturnButton {
  // A claim reported without signing in (decision 220): its session opens nothing else; signing in shows the claim.
  if (m.productionRedirect || who.claimSession) return RETURN_BUTTONS.Login
  if (m.sendTo) return RETURN_BUTTONS[m.sendTo]
  if (who.directLogin && !who.hasPolicy) return RETURN_BUTTONS.AccountHome
  return RETURN_BUTTONS.PolicyOverview
}
