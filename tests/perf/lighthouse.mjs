#!/usr/bin/env node
// Lighthouse mobile scores (performance, accessibility) of Login, Account Home and the Dashboard (issue 12).
// A benchmark, not a test: it prints the scores and the targets (performance >= 98, accessibility 100) and
// exits 1 when one is missed.
//
//   npm start                                  # the portal on http://127.0.0.1:8787 (or BASE_URL)
//   node tests/perf/lighthouse.mjs             # Debian Chromium at /usr/bin/chromium (or CHROME_PATH)
//
// Lighthouse is not a dependency of the project (about 200 packages). The script uses it where it is:
// the project's node_modules, or LIGHTHOUSE_DIR (a folder where `npm install lighthouse` was run, e.g.
// `mkdir /tmp/lh && cd /tmp/lh && npm install lighthouse@12`), and says how to get it when it is absent.
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { join } from 'node:path'

const BASE = (process.env.BASE_URL ?? 'http://127.0.0.1:8787').replace(/\/$/, '')
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const USER = process.env.LH_USER ?? 'maria.multi'
const PASSWORD = process.env.LH_PASSWORD ?? 'Multi#Policy1'
const POLICY = process.env.LH_POLICY ?? 'HOM4010001'
const TARGET = { performance: 98, accessibility: 100 }
// Sessions are bound to the browser that logged in (its user agent): log in as the browser Lighthouse emulates.
const UA = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36'

async function load(name) {
  const places = [process.env.LIGHTHOUSE_DIR, process.cwd()].filter(Boolean)
  for (const dir of places) {
    try {
      const require = createRequire(join(dir, 'package.json'))
      return await import(pathToFileURL(require.resolve(name)).href)
    } catch {
      // try the next place
    }
  }
  return null
}

const lighthouse = (await load('lighthouse'))?.default
const chromeLauncher = await load('chrome-launcher')
const puppeteer = (await load('puppeteer-core'))?.default
if (!lighthouse || !chromeLauncher || !puppeteer) {
  console.log('Lighthouse (with its chrome-launcher and puppeteer-core) is not installed: run `mkdir /tmp/lh && cd /tmp/lh && npm install lighthouse@12`,')
  console.log('then LIGHTHOUSE_DIR=/tmp/lh node tests/perf/lighthouse.mjs (with the portal running at BASE_URL).')
  process.exit(0)
}

/** The cookies of a direct login with a policy opened from Account Home (Account Home shows either way). */
async function sessionCookies() {
  const form = (fields) => ({
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: BASE, 'user-agent': UA },
    body: new URLSearchParams(fields).toString(),
  })
  const login = await fetch(`${BASE}/`, form({ userName: USER, password: PASSWORD }))
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  if (login.status !== 303 || !cookie) throw new Error(`log in as ${USER} failed: ${login.status}`)
  const open = await fetch(`${BASE}/account-home`, { ...form({ policyId: POLICY }), headers: { ...form({}).headers, cookie } })
  if (open.status !== 303) throw new Error(`opening ${POLICY} failed: ${open.status}`)
  // Opening a policy may rotate the session: the answer's cookies replace the ones sent.
  const jar = new Map(cookie.split('; ').map((c) => [c.split('=')[0], c]))
  for (const c of open.headers.getSetCookie()) jar.set(c.split('=')[0], c.split(';')[0])
  return [...jar.values()].join('; ')
}

const cookie = await sessionCookies()
const pages = [
  { name: 'Login', url: `${BASE}/`, headers: {} },
  { name: 'Account Home', url: `${BASE}/account-home`, headers: { cookie } },
  { name: 'Dashboard', url: `${BASE}/policy-information`, headers: { cookie } },
]

const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] })
// The session goes into the browser's cookie jar (Chrome replaces a Cookie header given as an extra header).
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
async function putCookies(header) {
  const page = await browser.newPage()
  for (const pair of header ? header.split('; ') : []) {
    const at = pair.indexOf('=')
    await page.setCookie({ name: pair.slice(0, at), value: pair.slice(at + 1), url: `${BASE}/`, path: '/', secure: true, httpOnly: true })
  }
  await page.close()
}
let missed = false
try {
  for (const p of pages) {
    // Lighthouse's default config is the mobile one: a Moto G Power screen, simulated slow 4G and 4x CPU.
    await putCookies(p.headers.cookie)
    const result = await lighthouse(p.url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: true,
      emulatedUserAgent: UA,
    })
    const lhr = result.lhr
    if (lhr.runtimeError) console.log(`  ${p.name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
    if (lhr.finalDisplayedUrl !== p.url) console.log(`  (${p.name} ended at ${lhr.finalDisplayedUrl})`)
    const perf = Math.round(lhr.categories.performance.score * 100)
    const a11y = Math.round(lhr.categories.accessibility.score * 100)
    const fcp = lhr.audits['first-contentful-paint'].displayValue
    const lcp = lhr.audits['largest-contentful-paint'].displayValue
    const cls = lhr.audits['cumulative-layout-shift'].displayValue
    const ok = perf >= TARGET.performance && a11y >= TARGET.accessibility
    missed ||= !ok
    console.log(
      `${ok ? 'ok  ' : 'MISS'} ${p.name.padEnd(13)} performance ${perf} (>= ${TARGET.performance})  accessibility ${a11y} (${TARGET.accessibility})  FCP ${fcp}  LCP ${lcp}  CLS ${cls}`,
    )
    if (a11y < 100) {
      for (const audit of Object.values(lhr.audits)) {
        if (audit.score === 0 && lhr.categories.accessibility.auditRefs.some((r) => r.id === audit.id))
          console.log(`     accessibility: ${audit.id} - ${audit.title}`)
      }
    }
  }
} finally {
  await browser.disconnect()
  await chrome.kill()
}
process.exit(missed ? 1 : 0)
