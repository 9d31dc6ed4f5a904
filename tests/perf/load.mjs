#!/usr/bin/env node
// `npm run perf:load`: a bounded load benchmark against a running portal on loopback. `wrangler dev`
// bundles React's development build unless NODE_ENV is set (deploy uses production), so measure a
// production-like build: `NODE_ENV=production PORT=8796 PORTAL_STATE_DIR=.wrangler/perf npm start`,
// then `PORTAL_URL=http://127.0.0.1:8796 npm run perf:load`. 10 concurrent clients, 10 s per page: req/s, p50 and p95 latency. Prints numbers; it is
// not a test. Only 127.0.0.1 is allowed as a target.
const base = process.env.PORTAL_URL ?? 'http://127.0.0.1:8787'
if (!/^http:\/\/127\.0\.0\.1(:\d+)?$/.test(base)) throw new Error('perf:load only targets 127.0.0.1')
const CONNECTIONS = 10
const SECONDS = Number(process.env.PERF_SECONDS ?? 10)
const MAX_REQUESTS = 20_000

async function login(userName, password) {
  const res = await fetch(`${base}/`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ userName, password }),
  })
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Host-ph_session='))
  if (!cookie) throw new Error(`login failed for ${userName}: ${res.status}`)
  return cookie.split(';')[0]
}

async function run(label, path, headers = {}) {
  const latencies = []
  const deadline = Date.now() + SECONDS * 1000
  let errors = 0
  async function client() {
    while (Date.now() < deadline && latencies.length < MAX_REQUESTS) {
      const t = performance.now()
      const res = await fetch(base + path, { headers, redirect: 'manual' })
      await res.arrayBuffer()
      if (res.status >= 400) errors++
      latencies.push(performance.now() - t)
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: CONNECTIONS }, client))
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))].toFixed(1)
  console.log(
    `${label.padEnd(28)} ${String(Math.round(latencies.length / seconds)).padStart(6)} req/s   p50 ${pct(0.5).padStart(6)} ms   p95 ${pct(0.95).padStart(6)} ms   errors ${errors}`,
  )
}

console.log(`${CONNECTIONS} connections, ${SECONDS} s per page, against ${base}`)
await run('GET / (login, no session)', '/')
const cookie = await login('maria.multi', 'Multi#Policy1')
await run('GET /account-home (D1 reads)', '/account-home', { Cookie: cookie })
await run('GET /v1/common/GetGlobalFeatures', '/v1/common/GetGlobalFeatures/')
