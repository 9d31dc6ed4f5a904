import * as z from 'zod/mini'
import { SITE_PATH } from '../site-request'

/**
 * Props of the confirm-remove-policy island. A file of its own so the island's chunk carries this
 * schema and no other island's.
 */
export const confirmRemovePolicyPropsSchema = z.strictObject({
  /** The linked policy that Remove would unlink. */
  policyId: z.string().check(z.regex(/^[A-Z0-9]{1,20}$/, 'must be a policy number')),
  /** The no-script confirmation page; Yes posts to it: '/manage-policies/remove'. */
  confirmUrl: z.string().check(z.regex(SITE_PATH, 'must be a path on this site')),
  /** Remove is disabled when only one policy remains. */
  disabled: z.boolean(),
})
export type ConfirmRemovePolicyProps = z.infer<typeof confirmRemovePolicyPropsSchema>
