import { expect, test } from '@playwright/test'

/**
 * Issue 13 item 10, decision 128: static files, served by Workers static assets before the worker runs,
 * carry the pages' protections from static/_headers (CSP, frame denial, HSTS, nosniff).
 */
test('static files carry the security headers, as pages do', async ({ request }) => {
  const manifest = (await (await request.get('/build/manifest.json')).json()) as Record<string, unknown>
  const script = JSON.stringify(manifest).match(/\/build\/[^"]+\.js/)?.[0]
  for (const path of ['/app.css', '/img/logo.svg', ...(script ? [script] : [])]) {
    const res = await request.get(path)
    expect(res.status(), path).toBe(200)
    const h = res.headers()
    expect(h['content-security-policy'], path).toContain("default-src 'none'")
    expect(h['content-security-policy'], path).toContain("frame-ancestors 'none'")
    expect(h['x-frame-options'], path).toBe('DENY')
    expect(h['strict-transport-security'], path).toBe('max-age=63072000; includeSubDomains')
    expect(h['x-content-type-options'], path).toBe('nosniff')
  }
  const page = await request.get('/')
  expect(page.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
})
