/**
 * The rooms and floors of the code (ARCHITECTURE section 2, decision 200), checked by `npm run rooms`
 * (in `npm run lint`): imports point down the floors, never up; no circles; the rooms stay apart.
 * Floors of worker/, from the top: the entries (index, app), the surfaces (pages, api, hooks, dev),
 * middleware, render, services, integrations, the request's types (types.ts), storage (db, pdf), lib
 * (small helpers with no portal rule in them), then env.
 */
const floors = [
  ['entry', '^worker/(index|app)\\.ts$'],
  ['surface', '^worker/(pages|api|hooks|dev)/'],
  ['middleware', '^worker/middleware/'],
  ['render', '^worker/render/'],
  ['services', '^worker/services/'],
  ['integrations', '^worker/integrations/'],
  ['types', '^worker/types\\.ts$'],
  ['storage', '^worker/(db|pdf)/'],
  ['lib', '^worker/lib/'],
  ['base', '^worker/env\\.ts$'],
]

const upward = floors.flatMap(([name, path], i) =>
  floors.slice(0, i).map(([above, abovePath]) => ({
    name: `no-up-${name}-to-${above}`,
    comment: `worker/: ${name} is below ${above}; imports point down the floors (decision 200)`,
    severity: 'error',
    from: { path },
    to: { path: abovePath },
  })),
)

/**
 * The PDF writer and what only it uses: worker/pdf/render.ts loads it with import() on an isolate's first
 * PDF (decision 238). These are the files and packages it brings (pdf-lib and fontkit, ~4 MB of heap).
 * dependency-cruiser's own parser (no TypeScript compiler API here) counts an `import type` as static too.
 */
const pdfWriter = '^worker/pdf/(write|fonts|tags|xmp|font-subset|font-files\\.[a-z]+)\\.ts$'
const pdfPackages = '^node_modules/(pdf-lib|@pdf-lib/[^/]+|fontkit)/'

module.exports = {
  forbidden: [
    ...upward,
    {
      name: 'pdf-writer-loads-lazily',
      comment:
        'only import() reaches the PDF writer (worker/pdf/render.ts, decision 238): a static import of it, pdf-lib or fontkit from outside it would start every isolate with them, ~4 MB more heap, and nothing else would fail',
      severity: 'error',
      from: { pathNot: pdfWriter },
      to: { path: [pdfWriter, pdfPackages], dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'no-circular',
      comment: 'A circle hides which module owns a rule and breaks initialisation order',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'worker-takes-islands-through-the-registry',
      comment: "worker/ takes islands only through '#islands/registry' (decision 060)",
      severity: 'error',
      from: { path: '^worker/' },
      to: { path: '^islands/', pathNot: '^islands/registry\\.ts$' },
    },
    {
      name: 'islands-never-import-worker',
      severity: 'error',
      from: { path: '^islands/' },
      to: { path: '^worker/' },
    },
    {
      name: 'shared-imports-neither-room',
      comment: 'shared/ is pure: no DOM, no Workers globals, no I/O',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(worker|islands)/' },
    },
    {
      name: 'shared-has-no-runtime-modules',
      comment: 'shared/ has no I/O and no runtime-specific modules; that belongs in worker/',
      severity: 'error',
      from: { path: '^shared/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'shared-has-no-workers-modules',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '(^cloudflare:|@cloudflare/)' },
    },
    {
      name: 'surfaces-stay-apart',
      comment: 'pages, api and hooks are siblings: what two of them need lives below them',
      severity: 'error',
      from: { path: '^worker/(pages|api|hooks)/' },
      to: { path: '^worker/(pages|api|hooks|dev)/', pathNot: '^worker/$1/' },
    },
    {
      name: 'dev-reads-pages-only',
      comment: "the local stand-ins and tools may show the pages' own parts (/__dev/styles), never call the API's code",
      severity: 'error',
      from: { path: '^worker/dev/' },
      to: { path: '^worker/(api|hooks)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default', 'workerd'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    moduleSystems: ['es6'],
  },
}
