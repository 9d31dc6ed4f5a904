import { z } from 'zod'
import { policyNumber } from './profile-fields'

/** Find My Policy (spec 000 section 5): 'Policy number field is required.' The API takes it in the path. */
export const findPolicySchema = z.object({ policyId: policyNumber() })
