/**
 * The address fragment of 'Try another card or account' (decision 171): the payment form opened with it
 * restores what was kept of the payment not made (islands/make-payment/draft.ts). A fragment, so the
 * server and its exit rules see the plain /make-payment.
 */
export const TRY_AGAIN_HASH = '#try-again'
