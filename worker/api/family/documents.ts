import type { Hono } from 'hono'
import type { AppEnv } from '../../types'
import type { PolicyFamily } from '../../../shared/policy/family'

/** Family routes: GetDocumentDescriptorList (issue 5). Use policyForOperation() from ./policy-param for the policy. */
export function documentsRoutes(_api: Hono<AppEnv>, _family: PolicyFamily): void {}
