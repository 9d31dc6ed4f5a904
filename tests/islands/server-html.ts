import { createElement, type ComponentType } from 'react'
import { renderToString } from 'react-dom/server'

const { IslandCollectorProvider, createIslandCollector } = await import('../../worker/render/island')

/**
 * What the worker sends for one of its components: `module` (from the repository's root) exports
 * `name`, rendered with `props` as the worker renders a page (an island collector around it).
 */
export async function serverHtml(module: string, name: string, props: object): Promise<string> {
  const exports = (await import(/* @vite-ignore */ `../../${module}`)) as Record<string, ComponentType<object>>
  const component = exports[name]
  if (!component) throw new Error(`${module} exports no ${name}`)
  return renderToString(createElement(IslandCollectorProvider, { value: createIslandCollector() }, createElement(component, props)))
}
