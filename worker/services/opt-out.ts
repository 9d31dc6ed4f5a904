import type { Env } from '../env'
import { isDeployed } from '../env'
import type { OptOutPreference } from '../../shared/policy/opt-out'
import { optOutPort, type OptOutPort, type OptOutRecord } from '../integrations/opt-out'
import type { Background } from './partner-logging'
import { log } from './log'

export type OptOutInput = Omit<OptOutRecord, 'recordedAt'> & { preference: OptOutPreference }

/**
 * Sends a privacy preference to the insurer through the opt-out port. Never throws: a preference that
 * could not be recorded is logged, and the caller shows the browser-only text.
 */
export async function recordOptOutPreference(env: Env, input: OptOutInput, port?: OptOutPort): Promise<'recorded' | 'failed'> {
  try {
    const target = port ?? optOutPort(env)
    const result = await target.record({ ...input, recordedAt: new Date().toISOString() })
    if (!result.ok) log('warn', 'opt-out preference not recorded', { policyId: input.policyId, source: input.source, detail: result.detail })
    return result.ok ? 'recorded' : 'failed'
  } catch (err) {
    log('error', 'opt-out preference not recorded', { policyId: input.policyId, source: input.source, error: err instanceof Error ? err.name : 'unknown' })
    return 'failed'
  }
}

/** The same, after the response when a real endpoint is called and there is an execution context. */
export async function recordOptOutInBackground(env: Env, input: OptOutInput, background: Background | null, port?: OptOutPort): Promise<void> {
  let target: OptOutPort
  try {
    target = port ?? optOutPort(env)
  } catch {
    await recordOptOutPreference(env, input, port)
    return
  }
  const run = recordOptOutPreference(env, input, target)
  if (!isDeployed(env) || !background) await run
  else background.waitUntil(run)
}
