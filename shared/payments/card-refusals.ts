/** What the card guard (worker/middleware/card-guard.ts) says when a field holds a card number. */
export const CARD_NUMBER_REFUSED = { errorMessage: 'Card numbers are accepted only by the payment form. Please remove the card number and try again.' } as const

/** The page's text: the refusal, naming the field. */
export function cardNumberRefusedIn(field: string): string {
  return `The field '${field}' holds what looks like a card number. ${CARD_NUMBER_REFUSED.errorMessage}`
}
