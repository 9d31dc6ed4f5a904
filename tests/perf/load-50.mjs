#!/usr/bin/env node
// `npm run perf:load50`: 50 connections for 30 s (LOAD_SECONDS) over Login and the signed-in pages, on a
// production-like portal (tests/perf/portal.mjs; PORTAL_URL to use a running one). Prints the 5xx count
// (must be 0); then a burst of sign-in attempts past the per-address limit (429 with Retry-After); then a
// signed-in user browsing normally from that same, now limited, address, who never meets the limit
// (pages are not limited; only credential and lookup endpoints are). A benchmark, not a test (decision 140).
import { loadavg, portal, login, openPolicy } from './portal.mjs'

const CONNECTIONS = 50
const SECONDS = Number(process.env.LOAD_SECONDS ?? 30)
const BURST = 150

async function main() {
  const { base, stop } = await portal()
  try {
    const maria = await login(base, 'maria.multi', 'Multi#Policy1')
    await openPolicy(base, maria, 'HOM4010001')
    const pages = [
      ['/', {}],
      ['/account-home', { Cookie: maria }],
      ['/policy-information', { Cookie: maria }],
      ['/payment-history?page=2', { Cookie: maria }],
      ['/policy-documents', { Cookie: maria }],
      ['/claims-history', { Cookie: maria }],
      ['/report-claim', { Cookie: maria }],
      ['/make-payment', { Cookie: maria }],
    ]

    console.log(`${CONNECTIONS} connections for ${SECONDS} s over ${pages.length} pages, ${base}; loadavg ${loadavg()}`)
    const statuses = new Map()
    let n = 0
    let failed = 0
    const deadline = performance.now() + SECONDS * 1000
    const latencies = []
    async function client(i) {
      let k = i
      while (performance.now() < deadline) {
        const [path, headers] = pages[k++ % pages.length]
        const t = performance.now()
        try {
          const res = await fetch(base + path, { headers, redirect: 'manual' })
          await res.arrayBuffer()
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
        } catch {
          failed++
        }
        latencies.push(performance.now() - t)
        n++
      }
    }
    await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => client(i)))
    latencies.sort((a, b) => a - b)
    const fivexx = [...statuses].filter(([s]) => s >= 500).reduce((a, [, k]) => a + k, 0)
    console.log(
      `  ${n} requests, ${(n / SECONDS).toFixed(0)} req/s, p50 ${latencies[Math.floor(n / 2)].toFixed(0)} ms, p99 ${latencies[Math.floor(n * 0.99)].toFixed(0)} ms; ` +
        `statuses ${[...statuses].map(([s, k]) => `${s}x${k}`).join(' ')}; connection failures ${failed}; loadavg ${loadavg()}`,
    )
    console.log(`  5xx: ${fivexx} ${fivexx === 0 && failed === 0 ? '(ok)' : '(MUST BE 0)'}`)

    // A burst of sign-in attempts from one address (unknown user names, so no account locks).
    let limited = 0
    let withRetryAfter = 0
    let firstLimited = null
    for (let i = 0; i < BURST; i++) {
      const res = await fetch(`${base}/`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ userName: `burst.${i}`, password: 'Wrong#Password1' }),
      })
      await res.arrayBuffer()
      if (res.status === 429) {
        limited++
        firstLimited ??= i + 1
        if (Number(res.headers.get('Retry-After')) > 0) withRetryAfter++
      }
    }
    console.log(
      `  burst of ${BURST} sign-in attempts from one address: ${limited} answered 429 (first at attempt ${firstLimited ?? '-'}), ${withRetryAfter} of them with Retry-After`,
    )

    // The signed-in user keeps browsing from the same address.
    let browsing429 = 0
    let browsingOther = 0
    for (let i = 0; i < 40; i++) {
      const [path] = pages[1 + (i % (pages.length - 1))]
      const res = await fetch(base + path, { headers: { Cookie: maria }, redirect: 'manual' })
      await res.arrayBuffer()
      if (res.status === 429) browsing429++
      else if (res.status !== 200) browsingOther++
    }
    console.log(
      `  a signed-in user browsing 40 pages from that address afterwards: ${browsing429} x 429, ${browsingOther} other non-200 ${browsing429 === 0 ? '(never limited: ok)' : '(LIMITED)'}`,
    )
    if (fivexx || failed || browsing429 || !withRetryAfter) process.exitCode = 1
  } finally {
    await stop()
  }
}

await main()
