import type { ComponentType } from 'react'
import { describeIssues } from '../shared/forms/describe-issues'
import { isIslandName, registry } from './registry'

/**
 * The browser entry of pages with islands. Finds `<app-island data-island data-id data-hydrate>`
 * markers, reads each one's props from `<script type="application/json" data-island-props="{id}">`, and
 * hydrates it as its own React root when its schedule says: `load` at once, `idle` when the browser is
 * idle, `visible` when it scrolls into view. Anything wrong (unknown island, missing or invalid props)
 * is reported with console.error and marked `data-island-error` on the marker; it never fails silently.
 *
 * This file stays small: React, react-dom (./mount) and each island's props schema (in the island's
 * chunk) are imported only when an island hydrates.
 */

const MARKER = 'app-island[data-island]'
const ID_PATTERN = /^[A-Za-z0-9_-]+$/

export function hydrateIslands(root: ParentNode = document): void {
  root.querySelectorAll<HTMLElement>(MARKER).forEach((el) => {
    if (el.hasAttribute('data-hydrated')) return
    el.setAttribute('data-hydrated', '')
    schedule(el, () => {
      hydrateIsland(el).catch((err: unknown) => report(el, 'failed to hydrate', err))
    })
  })
}

function schedule(el: HTMLElement, run: () => void): void {
  const mode = el.dataset.hydrate
  if (mode === 'idle') return whenIdle(run)
  if (mode === 'visible') return whenVisible(el, run)
  if (mode !== 'load') report(el, `unknown data-hydrate "${mode ?? ''}"; hydrating on load`)
  run()
}

function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 2_000 })
  else setTimeout(run, 200)
}

function whenVisible(el: HTMLElement, run: () => void): void {
  if (typeof IntersectionObserver !== 'function') return run()
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) {
      observer.disconnect()
      run()
    }
  })
  observer.observe(el)
}

async function hydrateIsland(el: HTMLElement): Promise<void> {
  const name = el.dataset.island ?? ''
  const id = el.dataset.id ?? ''
  if (!isIslandName(name)) return report(el, `unknown island "${name}" (not in islands/registry.ts)`)
  if (!ID_PATTERN.test(id)) return report(el, `island "${name}" has a missing or invalid data-id "${id}"`)

  const script = el.ownerDocument.querySelector(`script[type="application/json"][data-island-props="${id}"]`)
  if (!script) return report(el, `island "${name}" (${id}) has no props script`)
  let raw: unknown
  try {
    raw = JSON.parse(script.textContent ?? '')
  } catch (err) {
    return report(el, `island "${name}" (${id}) has props that are not JSON`, err)
  }
  const island = await registry[name]()
  const parsed = island.propsSchema.safeParse(raw)
  if (!parsed.success) {
    return report(el, `island "${name}" (${id}) has invalid props: ${describeIssues(parsed.error)}`)
  }
  // Preloaded by the page's <link rel="modulepreload">, so awaiting it here costs no round trip.
  const { mount } = await import('./mount')
  mount(el, id, name, island.default as ComponentType<object>, parsed.data)
}

function report(el: HTMLElement, message: string, err?: unknown): void {
  el.setAttribute('data-island-error', message)
  if (err === undefined) console.error(`[islands] ${message}`, el)
  else console.error(`[islands] ${message}`, el, err)
}

if (typeof document !== 'undefined') {
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', () => hydrateIslands(document), { once: true })
  } else {
    hydrateIslands(document)
  }
}
