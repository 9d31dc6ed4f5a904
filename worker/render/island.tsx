import { createContext, createElement, useContext, type ComponentType, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import * as z from 'zod/mini'
import rawManifest from '../../static/build/manifest.json'
import { ISLAND_NAMES, registry } from '#islands/registry'
import {
  describeIssues,
  islandPropsSchemas,
  scriptIslandSettingsSchemas,
  type IslandHydrate,
  type IslandName,
  type IslandProps,
  type ScriptIslandName,
  type ScriptIslandSettings,
} from '../../shared/forms/islands'

/**
 * The server side of the islands protocol (docs: ARCHITECTURE section 3).
 *
 *   const islands = createIslandCollector()            // one per request
 *   <IslandCollectorProvider value={islands}>
 *     <html><body>
 *       …<Island name="e-sign" props={{ … }} hydrate="load" />…
 *       <IslandScripts nonce={nonce} />                // last in <body>, after every <Island>
 *     </body></html>
 *   </IslandCollectorProvider>
 *
 * <Island> renders the island as its own React tree (identifierPrefix = its id, so useId matches on
 * hydration) inside an <app-island> marker, followed by its props as escaped JSON. <IslandScripts>
 * emits the client script and modulepreload links only if the page rendered an island.
 * A script island (decision 198) is markup the page renders itself inside <ScriptIsland name settings>,
 * made interactive by its plain script (islands/<name>/script.ts), which <IslandScripts> emits alone:
 * no island client, no React.
 * The session timer is not an island (worker/render/session-timer.tsx); it takes its script from the
 * same manifest (sessionTimerScript).
 */

// ---------------------------------------------------------------- manifest (from npm run build)

const buildFile = z.string().check(z.startsWith('/build/'))
const entryFiles = z.object({ file: buildFile, imports: z.array(buildFile) })

const manifestSchema = z.object({
  client: buildFile,
  clientImports: z.array(buildFile),
  /** react-dom and what it imports: what hydrating any island needs. */
  hydrate: z.array(buildFile),
  sessionTimer: entryFiles,
  islands: z.record(z.string(), entryFiles),
  /** The script islands' entries (islands/<name>/script.ts), built without React. */
  scripts: z.record(z.string(), entryFiles),
})
export type IslandManifest = z.infer<typeof manifestSchema>

function loadManifest(raw: unknown): IslandManifest {
  const parsed = manifestSchema.safeParse(raw)
  if (!parsed.success) {
    throw new Error(`static/build/manifest.json is malformed (run npm run build): ${describeIssues(parsed.error)}`)
  }
  const missing = [
    ...ISLAND_NAMES.filter((name) => !parsed.data.islands[name]),
    ...SCRIPT_ISLAND_NAMES.filter((name) => !parsed.data.scripts[name]).map((name) => `${name} (script)`),
  ]
  if (missing.length > 0) {
    throw new Error(`static/build/manifest.json has no bundle for ${missing.join(', ')} (run npm run build)`)
  }
  return parsed.data
}

const SCRIPT_ISLAND_NAMES = Object.keys(scriptIslandSettingsSchemas) as ScriptIslandName[]
const manifest = loadManifest(rawManifest)

// ---------------------------------------------------------------- components (resolved once at start)

type AnyIsland = ComponentType<object>

const components = new Map<IslandName, AnyIsland>(
  await Promise.all(ISLAND_NAMES.map(async (name) => [name, (await registry[name]()).default as AnyIsland] as const)),
)

// ---------------------------------------------------------------- request-scoped collector

export interface IslandCollector {
  /** Registers one rendered island and returns its id: 'i1', 'i2', … */
  add(name: IslandName): string
  /** The islands rendered so far, by name. */
  readonly used: ReadonlySet<IslandName>
  readonly count: number
  /** Registers one rendered script island (its script is emitted once, however many it renders). */
  addScript(name: ScriptIslandName): void
  readonly scripts: ReadonlySet<ScriptIslandName>
  /** Called by <IslandScripts>; an <Island> rendered after it is an error. */
  seal(): void
}

export function createIslandCollector(): IslandCollector {
  const used = new Set<IslandName>()
  const scripts = new Set<ScriptIslandName>()
  let count = 0
  let sealed = false
  const open = (what: string) => {
    if (sealed) throw new Error(`<${what}> rendered after <IslandScripts>: its script would be missing`)
  }
  return {
    add(name) {
      open(`Island name="${name}"`)
      used.add(name)
      count += 1
      return `i${count}`
    },
    used,
    addScript(name) {
      open(`ScriptIsland name="${name}"`)
      scripts.add(name)
    },
    scripts,
    get count() {
      return count
    },
    seal() {
      sealed = true
    },
  }
}

const IslandCollectorContext = createContext<IslandCollector | null>(null)

export function IslandCollectorProvider({ value, children }: { value: IslandCollector; children?: ReactNode }) {
  return <IslandCollectorContext.Provider value={value}>{children}</IslandCollectorContext.Provider>
}

function useIslandCollector(component: string): IslandCollector {
  const collector = useContext(IslandCollectorContext)
  if (!collector) throw new Error(`<${component}> needs an <IslandCollectorProvider> around the page`)
  return collector
}

// ---------------------------------------------------------------- <Island>

export interface IslandPropsOf<N extends IslandName> {
  name: N
  props: IslandProps<N>
  /** When the browser hydrates it: at once, when the browser is idle, or when scrolled into view. */
  hydrate: IslandHydrate
}

export function Island<N extends IslandName>({ name, props, hydrate }: IslandPropsOf<N>) {
  const collector = useIslandCollector('Island')
  const parsed = islandPropsSchemas[name].safeParse(props)
  if (!parsed.success) throw new Error(`<Island name="${name}"> has invalid props: ${describeIssues(parsed.error)}`)
  const id = collector.add(name)
  return <IslandMarkup id={id} name={name} hydrate={hydrate} props={parsed.data} />
}

/**
 * Islands whose server markup depends on their props alone: no clock, no randomness, no state outside
 * the render (make-payment: `today` is a prop; its store is made per root). Their markup is kept per
 * isolate under name, id and props, so a page visited again with the same props does not render the
 * island's tree again (decision 146). Not report-claim (reads the clock) nor the others, unchecked.
 */
const PROPS_ONLY_ISLANDS: ReadonlySet<IslandName> = new Set<IslandName>(['make-payment'])
const MAX_KEPT_MARKUP = 64
const keptMarkup = new Map<string, string>()

function islandHtml(Component: AnyIsland, name: IslandName, id: string, props: object, json: string): string {
  const render = () => renderToString(createElement(Component, props), { identifierPrefix: id })
  if (!PROPS_ONLY_ISLANDS.has(name)) return render()
  const key = `${name}\u0000${id}\u0000${json}`
  const kept = keptMarkup.get(key)
  keptMarkup.delete(key) // re-inserted below: the Map's order is the LRU order
  const html = kept ?? render()
  keptMarkup.set(key, html)
  if (keptMarkup.size > MAX_KEPT_MARKUP) keptMarkup.delete(keptMarkup.keys().next().value!)
  return html
}

/**
 * Renders the island's own tree. Deliberately hook-free: a nested renderToString resets the outer
 * renderer's hook state, so it must not run inside a component that calls hooks.
 */
function IslandMarkup({ id, name, hydrate, props }: { id: string; name: IslandName; hydrate: IslandHydrate; props: object }) {
  const Component = components.get(name)
  if (!Component) throw new Error(`island "${name}" is not in islands/registry.ts`)
  const json = safeJsonForHtml(props)
  const html = islandHtml(Component, name, id, props, json)
  return (
    <>
      {createElement('app-island', {
        'data-island': name,
        'data-id': id,
        'data-hydrate': hydrate,
        dangerouslySetInnerHTML: { __html: html },
      })}
      <script type="application/json" data-island-props={id} dangerouslySetInnerHTML={{ __html: json }} />
    </>
  )
}

// ---------------------------------------------------------------- <ScriptIsland>

export interface ScriptIslandPropsOf<N extends ScriptIslandName> {
  name: N
  /** What its script reads, as data attributes: `doneUrl: '/x'` -> data-done-url="/x", true -> "", false -> none. */
  settings: ScriptIslandSettings<N>
  /** The markup, whole: what works without script, and what the script enhances. */
  children?: ReactNode
}

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

/** A script island: the page's own markup in an `<app-island data-script-island>` marker, and its script. */
export function ScriptIsland<N extends ScriptIslandName>({ name, settings, children }: ScriptIslandPropsOf<N>) {
  const collector = useIslandCollector('ScriptIsland')
  const parsed = scriptIslandSettingsSchemas[name].safeParse(settings)
  if (!parsed.success) throw new Error(`<ScriptIsland name="${name}"> has invalid settings: ${describeIssues(parsed.error)}`)
  collector.addScript(name)
  const attributes: Record<string, string> = { 'data-script-island': name }
  for (const [key, value] of Object.entries(parsed.data as Record<string, string | boolean | undefined>)) {
    if (typeof value === 'string') attributes[`data-${kebab(key)}`] = value
    else if (value === true) attributes[`data-${kebab(key)}`] = ''
  }
  return createElement('app-island', attributes, children)
}

// ---------------------------------------------------------------- <IslandScripts>

/** The client entry and the chunks the page's islands need, client first, without duplicates. */
export function islandAssets(used: Iterable<IslandName>, m: IslandManifest = manifest): string[] {
  const files = new Set<string>([m.client, ...m.clientImports, ...m.hydrate])
  for (const name of used) {
    const entry = m.islands[name]
    if (!entry) throw new Error(`static/build/manifest.json has no bundle for "${name}"`)
    files.add(entry.file)
    for (const file of entry.imports) files.add(file)
  }
  return [...files]
}

/** The script islands' entries and their static imports: the entries to run, the imports to preload. */
function scriptIslandAssets(used: Iterable<ScriptIslandName>, m: IslandManifest = manifest): { src: string[]; preload: string[] } {
  const src: string[] = []
  const preload = new Set<string>()
  for (const name of used) {
    const entry = m.scripts[name]
    if (!entry) throw new Error(`static/build/manifest.json has no script for "${name}"`)
    src.push(entry.file)
    for (const file of entry.imports) preload.add(file)
  }
  return { src, preload: [...preload] }
}

/** Place last in <body>. Renders nothing on a page without islands. */
export function IslandScripts({ nonce }: { nonce?: string }) {
  const collector = useIslandCollector('IslandScripts')
  collector.seal()
  if (collector.count === 0 && collector.scripts.size === 0) return null
  const scripts = scriptIslandAssets(collector.scripts)
  const preload = [...new Set([...(collector.count > 0 ? islandAssets(collector.used) : []), ...scripts.preload])]
  return (
    <>
      {preload.map((href) => (
        <link key={href} rel="modulepreload" href={href} nonce={nonce} />
      ))}
      {collector.count > 0 && <script type="module" nonce={nonce} src={manifest.client} />}
      {scripts.src.map((src) => (
        <script key={src} type="module" nonce={nonce} src={src} />
      ))}
    </>
  )
}

// ---------------------------------------------------------------- the session timer's script

/** The session timer's entry and its static imports (none today): what a page with a session loads. */
export function sessionTimerScript(m: IslandManifest = manifest): { src: string; preload: string[] } {
  return { src: m.sessionTimer.file, preload: m.sessionTimer.imports }
}

// ---------------------------------------------------------------- safe JSON

const HTML_UNSAFE: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
}

/** JSON that is safe inside a <script> element: <, >, &, U+2028 and U+2029 become \u escapes. */
export function safeJsonForHtml(value: unknown): string {
  const json = JSON.stringify(value)
  if (json === undefined) throw new TypeError('safeJsonForHtml: value is not JSON-serialisable')
  return json.replace(/[<>&\u2028\u2029]/g, (c) => HTML_UNSAFE[c] ?? c)
}
