import { applyD1Migrations } from 'cloudflare:test'
import { env, exports } from 'cloudflare:workers'
import type { Fetcher } from '@cloudflare/workers-types'

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)

/**
 * The portal reaches every outside system through its HTTP adapter, locally its own stand-ins under
 * PORTAL_BASE_URL/__dev (decision 191). vitest-pool-workers has no server there, so the global fetch
 * takes calls to that origin to the worker itself, as `npm start` serves them over HTTP; any other
 * address is refused like an unreachable host. A test may still stub fetch for itself (routeOutbound,
 * fault injection); unstubbing restores this one.
 */
const worker = (exports as unknown as { default: Fetcher }).default
const standIns = new URL((env as unknown as { PORTAL_BASE_URL: string }).PORTAL_BASE_URL).origin
const unreachable = globalThis.fetch
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const req = new Request(input, init)
  if (new URL(req.url).origin !== standIns) return unreachable(req)
  const answer = worker.fetch(req as never) as unknown as Promise<Response>
  const signal = init?.signal
  if (!signal) return answer
  if (signal.aborted) throw signal.reason
  return Promise.race([answer, new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }))])
}
