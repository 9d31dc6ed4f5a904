import { createElement as h, Fragment } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { sessionWarningTexts } from '../../shared/session-warning-texts'

// A fixed manifest, so these tests neither need nor depend on `npm run build`.
vi.mock('../../static/build/manifest.json', async () => {
  const { fakeManifest } = await import('../support/fake-manifest')
  return fakeManifest(
    ['/build/chunk-HELPERS.js'],
    {
      'e-sign': {
        file: '/build/e-sign/index-BBBB.js',
        imports: ['/build/chunk-REACT.js', '/build/chunk-ZOD.js'],
      },
    },
    ['/build/mount-DOM.js', '/build/chunk-REACT.js'],
  )
})

const { Island, IslandScripts, IslandCollectorProvider, ScriptIsland, createIslandCollector, islandAssets, safeJsonForHtml } = await import(
  '../../worker/render/island'
)
const { SessionTimer } = await import('../../worker/render/session-timer')
const { esignProps: props } = await import('../support/esign-props')

const ESIGN_FORM = '<section class="esign"'

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
    const { html, collector } = page(h(Island, { name: 'e-sign', hydrate: 'idle', props }))
    expect(html).toContain(`<app-island data-island="e-sign" data-id="i1" data-hydrate="idle">${ESIGN_FORM}`)
    expect(html).toContain(`<script type="application/json" data-island-props="i1">${safeJsonForHtml(props)}</script>`)
    expect([...collector.used]).toEqual(['e-sign'])
  })

  it('numbers islands i1, i2… per request', () => {
    const island = h(Island, { name: 'e-sign', hydrate: 'load', props })
    const { html } = page(island, island)
    expect(html).toContain('data-id="i1"')
    expect(html).toContain('data-id="i2"')
    expect(page(island).html).not.toContain('data-id="i2"')
  })

  it('fails loudly on invalid props or without a collector', () => {
    const bad = { ...props, postUrl: 'https://evil.example/' }
    expect(() => page(h(Island, { name: 'e-sign', hydrate: 'load', props: bad }))).toThrow(/invalid props.*postUrl/)
    expect(() => renderToString(h(Island, { name: 'e-sign', hydrate: 'load', props }))).toThrow(/IslandCollectorProvider/)
  })
})

describe('<IslandScripts>', () => {
  it('emits nothing on a page without islands', () => {
    const { html } = page(h('p', null, 'hello'), h(IslandScripts, { nonce: 'n0nce' }))
    expect(html).toBe('<body><p>hello</p></body>')
  })

  it('emits modulepreload links and the nonce-bearing module script when an island rendered', () => {
    const { html } = page(h(Island, { name: 'e-sign', hydrate: 'idle', props }), h(IslandScripts, { nonce: 'n0nce' }))
    for (const href of [
      '/build/client-AAAA.js',
      '/build/chunk-HELPERS.js',
      '/build/mount-DOM.js',
      '/build/chunk-REACT.js',
      '/build/e-sign/index-BBBB.js',
      '/build/chunk-ZOD.js',
    ]) {
      expect(html.split(`<link rel="modulepreload" href="${href}" nonce="n0nce"/>`).length - 1).toBe(1)
    }
    expect(html).toContain('<script type="module" nonce="n0nce" src="/build/client-AAAA.js"></script>')
  })

  it('refuses an island rendered after it', () => {
    expect(() => page(h(Fragment, null, h(IslandScripts, {}), h(Island, { name: 'e-sign', hydrate: 'idle', props })))).toThrow(/after <IslandScripts>/)
  })

  it('lists the client first, then react-dom, then the islands, each file once', () => {
    expect(islandAssets(['e-sign'])).toEqual([
      '/build/client-AAAA.js',
      '/build/chunk-HELPERS.js',
      '/build/mount-DOM.js',
      '/build/chunk-REACT.js',
      '/build/e-sign/index-BBBB.js',
      '/build/chunk-ZOD.js',
    ])
  })
})

describe('<ScriptIsland>', () => {
  const passkey = (settings: Record<string, unknown>) =>
    h(ScriptIsland, { name: 'passkey-sign-in', settings: settings as never }, h('button', { type: 'button' }, 'Sign in with a passkey'))

  it('renders its markup in the marker, its settings as data attributes, and registers its script', () => {
    const { html, collector } = page(passkey({ optionsUrl: '/v1/o', verifyUrl: '/v1/v', autofill: true, doneUrl: '/done' }))
    expect(html).toBe(
      '<body><app-island data-script-island="passkey-sign-in" data-options-url="/v1/o" data-verify-url="/v1/v" data-autofill="" data-done-url="/done">' +
        '<button type="button">Sign in with a passkey</button></app-island></body>',
    )
    expect([...collector.scripts]).toEqual(['passkey-sign-in'])
    expect(collector.count).toBe(0)
  })

  it('leaves out a false flag and an absent setting', () => {
    expect(page(passkey({ optionsUrl: '/v1/o', verifyUrl: '/v1/v', autofill: false })).html).not.toMatch(/data-autofill|data-done-url/)
  })

  it('fails loudly on settings its schema refuses', () => {
    expect(() => page(passkey({ optionsUrl: '//evil.example/', verifyUrl: '/v1/v', autofill: true }))).toThrow(/invalid settings.*optionsUrl/)
    expect(() => page(passkey({ optionsUrl: '/v1/o', verifyUrl: '/v1/v', autofill: true, extra: 1 }))).toThrow(/invalid settings/)
  })

  it('emits only its own script, once, with its imports preloaded: no island client, no React', () => {
    const { html } = page(
      passkey({ optionsUrl: '/v1/o', verifyUrl: '/v1/v', autofill: true }),
      passkey({ optionsUrl: '/v1/o', verifyUrl: '/v1/v', autofill: false }),
      h(IslandScripts, { nonce: 'n0nce' }),
    )
    expect(html.split('<script type="module" nonce="n0nce" src="/build/passkey-sign-in/script-TEST.js"></script>').length - 1).toBe(1)
    expect(html).toContain('<link rel="modulepreload" href="/build/chunk-WEBAUTHN.js" nonce="n0nce"/>')
    expect(html).not.toContain('client-AAAA')
    expect(html).not.toContain('mount-')
  })

  it('beside a hydrated island: the island client, the island and the script', () => {
    const { html } = page(
      h(Island, { name: 'e-sign', hydrate: 'load', props }),
      passkey({ optionsUrl: '/v1/o', verifyUrl: '/v1/v', autofill: false }),
      h(IslandScripts, {}),
    )
    expect(html).toContain('<script type="module" src="/build/client-AAAA.js"></script>')
    expect(html).toContain('<link rel="modulepreload" href="/build/e-sign/index-BBBB.js"/>')
    expect(html).toContain('<script type="module" src="/build/passkey-sign-in/script-TEST.js"></script>')
  })
})

describe('<SessionTimer>', () => {
  const timer = (expiresIn: number) => renderToString(h(SessionTimer, { expiresIn, refreshUrl: '/v1/common/token', logoutUrl: '/Logout', nonce: 'n0nce' }))

  it('renders the hidden logout form carrying the settings, and the timer script with the nonce', () => {
    expect(timer(899.7)).toBe(
      '<form hidden="" data-session-timer="" data-expires-in="899" data-refresh-url="/v1/common/token" action="/Logout" method="post"><input type="hidden" name="reason" value="inactivity"/>' +
        `<script type="application/json" data-session-warning-texts="">${JSON.stringify(sessionWarningTexts.en)}</script></form>` +
        '<script type="module" nonce="n0nce" src="/build/session-timeout/timer-TTTT.js"></script>',
    )
  })

  it('never sends a negative lifetime', () => {
    expect(timer(-5)).toContain('data-expires-in="0"')
  })

  it('is no island: it needs no collector and loads neither the island client nor React', () => {
    const html = timer(900)
    expect(html).not.toContain('client-AAAA')
    expect(html).not.toContain('mount-')
    expect(html).not.toContain('app-island')
  })
})
