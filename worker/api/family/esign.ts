import type { Hono } from 'hono'
import type { AppEnv } from '../../types'
import type { PolicyFamily } from '../../../shared/policy/family'

/** Family routes: PostESignatures, GetESignatures, GetPolicyStatements (issue 6). Use policyForOperation() from ./policy-param for the policy. */
export function esignRoutes(_api: Hono<AppEnv>, _family: PolicyFamily): void {}
