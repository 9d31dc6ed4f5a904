import { createElement as h, Fragment } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'

// A fixed manifest, so these tests neither need nor depend on `npm run build`.
vi.mock('../../static/build/manifest.json', async () => {
  const { fakeManifest } = await import('../support/fake-manifest')
  return fakeManifest(['/build/chunk-REACT.js'], {
    'session-timeout': { file: '/build/session-timeout/index-BBBB.js', imports: ['/build/chunk-REACT.js', '/build/chunk-ZOD.js'] },
  })
})

const { Island, IslandScripts, IslandCollectorProvider, createIslandCollector, islandAssets, safeJsonForHtml } =
  await import('../../worker/render/island')

const props = { expiresIn: 900, refreshUrl: '/v1/common/token', logoutUrl: '/Logout' }

function page(...children: ReturnType<typeof h>[]) {
  const collector = createIslandCollector()
  const html = renderToString(h(IslandCollectorProvider, { value: collector }, h('body', null, ...children)))
  return { html, collector }
}

describe('safeJsonForHtml', () => {
  it.each([
    ['<', '\\u003c'],
    ['>', '\\u003e'],
    ['&', '\\u0026'],
    ['\u2028', '\\u2028'],
    ['\u2029', '\\u2029'],
  ])('escapes %j as %s', (ch, escaped) => {
    expect(safeJsonForHtml({ s: `a${ch}b` })).toBe(`{"s":"a${escaped}b"}`)
  })

  it('cannot close the script element or open a comment', () => {
    const out = safeJsonForHtml({ s: '</script><script>alert(1)</script><!--' })
    expect(out).not.toMatch(/[<>&]/)
    expect(out).not.toMatch(/<\/script/i)
  })

  it('round-trips through JSON.parse', () => {
    const value = { s: '</script>&<!-- \u2028\u2029 "quoted" \\ é 😀', n: 1.5, a: [true, null] }
    expect(JSON.parse(safeJsonForHtml(value))).toEqual(value)
  })

  it('refuses what JSON cannot hold', () => {
    expect(() => safeJsonForHtml(undefined)).toThrow(TypeError)
  })
})

describe('<Island>', () => {
  it('renders the island as its own tree inside the marker, then its props', () => {
    const { html, collector } = page(h(Island, { name: 'session-timeout', hydrate: 'idle', props }))
    expect(html).toContain(
      '<app-island data-island="session-timeout" data-id="i1" data-hydrate="idle"><form hidden="" action="/Logout" method="post"></form></app-island>',
    )
    expect(html).toContain(`<script type="application/json" data-island-props="i1">${JSON.stringify(props)}</script>`)
    expect([...collector.used]).toEqual(['session-timeout'])
  })

  it('numbers islands i1, i2… per request', () => {
    const island = h(Island, { name: 'session-timeout', hydrate: 'load', props })
    const { html } = page(island, island)
    expect(html).toContain('data-id="i1"')
    expect(html).toContain('data-id="i2"')
    expect(page(island).html).not.toContain('data-id="i2"')
  })

  it('fails loudly on invalid props or without a collector', () => {
    const bad = { ...props, logoutUrl: 'https://evil.example/' }
    expect(() => page(h(Island, { name: 'session-timeout', hydrate: 'load', props: bad }))).toThrow(/invalid props.*logoutUrl/)
    expect(() => renderToString(h(Island, { name: 'session-timeout', hydrate: 'load', props }))).toThrow(/IslandCollectorProvider/)
  })
})

describe('<IslandScripts>', () => {
  it('emits nothing on a page without islands', () => {
    const { html } = page(h('p', null, 'hello'), h(IslandScripts, { nonce: 'n0nce' }))
    expect(html).toBe('<body><p>hello</p></body>')
  })

  it('emits modulepreload links and the nonce-bearing module script when an island rendered', () => {
    const { html } = page(
      h(Island, { name: 'session-timeout', hydrate: 'idle', props }),
      h(IslandScripts, { nonce: 'n0nce' }),
    )
    for (const href of ['/build/client-AAAA.js', '/build/chunk-REACT.js', '/build/session-timeout/index-BBBB.js', '/build/chunk-ZOD.js']) {
      expect(html.split(`<link rel="modulepreload" href="${href}" nonce="n0nce"/>`).length - 1).toBe(1)
    }
    expect(html).toContain('<script type="module" nonce="n0nce" src="/build/client-AAAA.js"></script>')
  })

  it('refuses an island rendered after it', () => {
    expect(() =>
      page(h(Fragment, null, h(IslandScripts, {}), h(Island, { name: 'session-timeout', hydrate: 'idle', props }))),
    ).toThrow(/after <IslandScripts>/)
  })

  it('lists the client first and each file once', () => {
    expect(islandAssets(['session-timeout'])).toEqual([
      '/build/client-AAAA.js',
      '/build/chunk-REACT.js',
      '/build/session-timeout/index-BBBB.js',
      '/build/chunk-ZOD.js',
    ])
  })
})
