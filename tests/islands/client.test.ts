import { createElement as h } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'

vi.mock('react-dom/client', async (importOriginal) => {
  const real = await importOriginal<typeof import('react-dom/client')>()
  return { ...real, hydrateRoot: vi.fn(real.hydrateRoot) }
})
vi.mock('../../static/build/manifest.json', async () => {
  const { fakeManifest } = await import('../support/fake-manifest')
  return fakeManifest([], {})
})

const { hydrateIslands } = await import('../../islands/client')
const { esignProps: props } = await import('../support/esign-props')
const { Island, IslandCollectorProvider, createIslandCollector } = await import('../../worker/render/island')

const hydrate = vi.mocked(hydrateRoot)
let consoleError: MockInstance<typeof console.error>

/** What the worker sends for one e-sign island. */
function serverHtml(mode: 'load' | 'idle' | 'visible' = 'load'): string {
  const collector = createIslandCollector()
  return renderToString(h(IslandCollectorProvider, { value: collector }, h(Island, { name: 'e-sign', hydrate: mode, props })))
}

function marker(): HTMLElement {
  const el = document.querySelector<HTMLElement>('app-island')
  if (!el) throw new Error('no marker')
  return el
}

beforeEach(() => {
  hydrate.mockClear()
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  for (const r of hydrate.mock.results) if (r.type === 'return') (r.value as Root).unmount()
  document.body.innerHTML = ''
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('islands/client', () => {
  it('hydrates a server-rendered island once, with its id as identifierPrefix and its props', async () => {
    document.body.innerHTML = serverHtml('load')
    hydrateIslands(document)
    hydrateIslands(document)
    expect(marker().hasAttribute('data-hydrated')).toBe(true)
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalledTimes(1))
    const [container, element, options] = hydrate.mock.calls[0] ?? []
    expect(container).toBe(marker())
    expect(options).toMatchObject({ identifierPrefix: 'i1' })
    expect((element as { props: unknown }).props).toEqual(props)
    // The island mounted (the terms become a dialog's button once its effects ran) without a hydration mismatch.
    await vi.waitFor(() => expect(marker().querySelector('button.esign__terms-button')).not.toBeNull())
    hydrateIslands(document)
    expect(hydrate).toHaveBeenCalledTimes(1)
    expect(consoleError).not.toHaveBeenCalled()
  })

  it('reports an unknown island loudly and does not hydrate it', async () => {
    document.body.innerHTML =
      '<app-island data-island="nope" data-id="i1" data-hydrate="load"></app-island>' + '<script type="application/json" data-island-props="i1">{}</script>'
    hydrateIslands(document)
    await vi.waitFor(() => expect(consoleError).toHaveBeenCalled())
    expect(String(consoleError.mock.calls[0]?.[0])).toContain('unknown island "nope"')
    expect(marker().getAttribute('data-island-error')).toContain('unknown island')
    expect(hydrate).not.toHaveBeenCalled()
  })

  it.each([
    ['invalid props', JSON.stringify({ ...props, policyId: 'not a policy' }), /invalid props: policyId/],
    ['props from another site', JSON.stringify({ ...props, postUrl: '//evil.example/' }), /invalid props: postUrl/],
    ['props that are not JSON', '{policyId:', /not JSON/],
  ])('reports %s loudly and does not hydrate', async (_what, json, message) => {
    document.body.innerHTML =
      '<app-island data-island="e-sign" data-id="i1" data-hydrate="load"></app-island>' +
      `<script type="application/json" data-island-props="i1">${json}</script>`
    hydrateIslands(document)
    await vi.waitFor(() => expect(consoleError).toHaveBeenCalled())
    expect(String(consoleError.mock.calls[0]?.[0])).toMatch(message)
    expect(hydrate).not.toHaveBeenCalled()
  })

  it('reports a marker without its props script', async () => {
    document.body.innerHTML = '<app-island data-island="e-sign" data-id="i7" data-hydrate="load"></app-island>'
    hydrateIslands(document)
    await vi.waitFor(() => expect(consoleError).toHaveBeenCalled())
    expect(String(consoleError.mock.calls[0]?.[0])).toContain('no props script')
  })

  it('hydrates "idle" islands from requestIdleCallback', async () => {
    let idle: (() => void) | undefined
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => {
      idle = cb
      return 1
    })
    document.body.innerHTML = serverHtml('idle')
    hydrateIslands(document)
    await vi.dynamicImportSettled() // anything already scheduled has run; hydration must still wait for its trigger
    expect(hydrate).not.toHaveBeenCalled()
    idle?.()
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalledTimes(1))
  })

  it('falls back to setTimeout for "idle" without requestIdleCallback', async () => {
    vi.stubGlobal('requestIdleCallback', undefined)
    document.body.innerHTML = serverHtml('idle')
    hydrateIslands(document)
    expect(hydrate).not.toHaveBeenCalled()
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalledTimes(1))
  })

  it('hydrates "visible" islands when they intersect the viewport', async () => {
    const observers: { cb: IntersectionObserverCallback; targets: Element[]; disconnected: boolean }[] = []
    class FakeObserver {
      record: (typeof observers)[number]
      constructor(cb: IntersectionObserverCallback) {
        this.record = { cb, targets: [], disconnected: false }
        observers.push(this.record)
      }
      observe(el: Element) {
        this.record.targets.push(el)
      }
      disconnect() {
        this.record.disconnected = true
      }
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    document.body.innerHTML = serverHtml('visible')
    hydrateIslands(document)
    const obs = observers[0]
    expect(obs?.targets).toEqual([marker()])
    const fire = (isIntersecting: boolean) => obs?.cb([{ isIntersecting, target: marker() } as unknown as IntersectionObserverEntry], obs as never)
    fire(false)
    await vi.dynamicImportSettled() // anything already scheduled has run; hydration must still wait for its trigger
    expect(hydrate).not.toHaveBeenCalled()
    fire(true)
    expect(obs?.disconnected).toBe(true)
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalledTimes(1))
  })
})
