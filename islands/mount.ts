import { createElement, type ComponentType } from 'react'
import { hydrateRoot } from 'react-dom/client'

/**
 * Hydrates one island as its own React root. A chunk of its own, imported by islands/client.ts only
 * when an island is about to hydrate: react-dom is never loaded by a page without one.
 */
export function mount(el: HTMLElement, id: string, name: string, Component: ComponentType<object>, props: object): void {
  hydrateRoot(el, createElement(Component, props), {
    identifierPrefix: id,
    onRecoverableError: (err) => console.error(`[islands] "${name}" (${id}) recovered from an error`, err),
  })
}
