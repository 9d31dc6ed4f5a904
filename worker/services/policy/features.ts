import type { Env } from '../../env'
import { log } from '../../lib/log'

const CACHE_KEY = 'global-features:v1'
/** KV's shortest TTL; flags change rarely and a minute of staleness is acceptable. */
const TTL_SECONDS = 60

export type FeatureMap = Record<string, boolean>

/** Global features, cached in KV; any failure yields an empty map (spec 000 section 7). */
export async function globalFeatures(env: Env): Promise<FeatureMap> {
  try {
    const cached = await env.CACHE.get<FeatureMap>(CACHE_KEY, 'json')
    if (cached) return cached
    const { results } = await env.DB.prepare('SELECT feature_key, enabled FROM global_features').all<{ feature_key: string; enabled: number }>()
    const map: FeatureMap = Object.fromEntries(results.map((r) => [r.feature_key, r.enabled === 1]))
    await env.CACHE.put(CACHE_KEY, JSON.stringify(map), { expirationTtl: TTL_SECONDS })
    return map
  } catch (err) {
    log('error', 'global features unavailable', { error: String(err) })
    return {}
  }
}
