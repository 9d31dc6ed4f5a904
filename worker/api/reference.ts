import type { Context } from 'hono'
import type { OpenAPIHono } from '@hono/zod-openapi'
import { html } from 'hono/html'
import type { AppEnv } from '../types'
import { version } from '../../package.json'
import { PROBLEM_MEDIA_TYPE } from '../../shared/api/problem'

type Document = ReturnType<OpenAPIHono<AppEnv>['getOpenAPI31Document']>

/** Made once per isolate: the declarations do not change while it lives. */
let made: Document | null = null

/** The OpenAPI 3.1 document of every declared /v1 operation (decision 160): generated, never written by hand. */
export function openApiDocument(api: OpenAPIHono<AppEnv>): Document {
  if (made) return made
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
  made = api.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Policyholder portal API',
      version,
      description:
        'The JSON API of the policyholder portal (spec 000 section 7, spec 001 section 7). Sign in with POST /profile/login or ' +
        'POST /common/policies-from-ping and send the accountToken as `Authorization: Bearer`. Every refusal from 400 up is an ' +
        `RFC 9457 problem (${PROBLEM_MEDIA_TYPE}) whose errorMessage is the text to show a person. State-changing operations take ` +
        'an Idempotency-Key: a retry with the same key and body answers what the first answered.',
    },
    servers: [{ url: '/v1' }],
    security: [{ bearer: [] }],
  })
  return made
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

/** A readable reference for partner developers: the same document as HTML, no script (the CSP holds). */
export function referencePage(c: Context<AppEnv>, doc: Document): Response | Promise<Response> {
  const sections = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const op = (
        item as Record<
          string,
          | { summary?: string; description?: string; requestBody?: unknown; parameters?: unknown; responses?: Record<string, { description?: string }> }
          | undefined
        >
      )[method]
      if (!op) return []
      const responses = Object.entries(op.responses ?? {}).map(([status, r]) => html`<li><code>${status}</code> ${r.description ?? ''}</li>`)
      return [
        html`<section class="card">
          <h2><code>${method.toUpperCase()} /v1${path}</code></h2>
          <p>${op.summary ?? ''}</p>
          ${op.parameters ? html`<details><summary>Parameters</summary><pre>${JSON.stringify(op.parameters, null, 2)}</pre></details>` : ''}
          ${op.requestBody ? html`<details><summary>Request body</summary><pre>${JSON.stringify(op.requestBody, null, 2)}</pre></details>` : ''}
          <h3>Responses</h3>
          <ul>${responses}</ul>
        </section>`,
      ]
    }),
  )
  return c.html(html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>API reference - ProgHome</title>
        <link rel="stylesheet" href="/app.css" />
      </head>
      <body>
        <main class="page">
          <h1>${doc.info.title} ${doc.info.version}</h1>
          <p>${doc.info.description ?? ''}</p>
          <p><a href="/v1/openapi.json">The OpenAPI 3.1 document (JSON)</a></p>
          ${sections}
        </main>
      </body>
    </html>`)
}
