import { isSitePath } from '../../shared/site-request'

/**
 * Script islands (decision 198): markup the worker renders whole inside
 * `<app-island data-script-island="name" data-…>` (worker/render/island.tsx, ScriptIsland), made
 * interactive by a few lines of plain script; no React, no zod. Each island's script calls
 * `enhanceAll` for its name. As with the island client, nothing fails silently: settings the script
 * cannot use are reported with console.error and marked `data-island-error` on the marker.
 */

/** What an island's enhancer returns when its markup or settings are unusable: the reason. */
export type Refusal = string

export function enhanceAll(name: string, enhance: (root: HTMLElement) => Refusal | undefined, doc: Document = document): void {
  for (const root of doc.querySelectorAll<HTMLElement>(`app-island[data-script-island="${name}"]`)) {
    if (root.hasAttribute('data-enhanced')) continue
    root.setAttribute('data-enhanced', '')
    const refusal = enhance(root)
    if (refusal !== undefined) {
      root.setAttribute('data-island-error', refusal)
      console.error(`[islands] "${name}": ${refusal}`, root)
    }
  }
}

/** The alert an island shows in `container`, first in it; null takes it away. */
export function showAlert(container: HTMLElement, message: string | null): void {
  const current = container.querySelector<HTMLElement>(':scope > [role="alert"]')
  if (message === null) return current?.remove()
  // A new element each time, as the React islands did: screen readers announce an alert as it appears.
  current?.remove()
  const alert = container.ownerDocument.createElement('div')
  alert.className = 'alert alert--error'
  alert.setAttribute('role', 'alert')
  alert.textContent = message
  container.prepend(alert)
}

/**
 * The marker's paths on this site (`data-options-url` for 'optionsUrl'), or why they are unusable: one
 * missing, or on another origin. Optional ones may be absent.
 */
export function sitePaths<R extends string, O extends string = never>(
  root: HTMLElement,
  required: readonly R[],
  optional: readonly O[] = [],
): ({ [K in R]: string } & { [K in O]?: string }) | Refusal {
  const paths: Record<string, string> = {}
  for (const key of [...required, ...optional]) {
    const value = root.dataset[key]
    if (value === undefined && (optional as readonly string[]).includes(key)) continue
    if (value === undefined || !isSitePath(value)) return `${key} "${value ?? ''}" is not a path on this site`
    paths[key] = value
  }
  return paths as { [K in R]: string } & { [K in O]?: string }
}
