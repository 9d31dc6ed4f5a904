import { env } from 'cloudflare:workers'
import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types'
import { SsoBrowser } from './sso-support'
import type { Env } from '../../worker/env'

/**
 * Fault injection for issue 14 "Faults" (decision 144), through the one seam production code has: the
 * Env it is given. The database is the real one; only the statements named fail, the way D1 fails.
 */

/** D1's retryable failure (the client may simply try again). */
export const RETRYABLE = 'D1_ERROR: Network connection lost.'
/** A write D1 refuses (not retryable as such). */
export const PERMANENT = 'D1_ERROR: SQLITE_CONSTRAINT: constraint failed'

/** The real D1, except that statements whose SQL matches `when` fail with `message` (alone or in a batch). */
export function failingOn(when: RegExp, message: string): D1Database {
  const db = env.DB as unknown as D1Database
  const marked = new WeakSet<D1PreparedStatement>()
  const wrap = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement => {
    if (!when.test(sql)) return stmt
    const fail = () => Promise.reject(new Error(message))
    const failing = new Proxy(stmt, {
      get(target, prop) {
        if (prop === 'run' || prop === 'first' || prop === 'all' || prop === 'raw') return fail
        if (prop === 'bind') return (...args: unknown[]) => wrap(target.bind(...args), sql)
        const v = Reflect.get(target, prop, target)
        return typeof v === 'function' ? v.bind(target) : v
      },
    })
    marked.add(failing)
    return failing
  }
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare') return (sql: string) => wrap(target.prepare(sql), sql)
      if (prop === 'batch') {
        return (stmts: D1PreparedStatement[]) => (stmts.some((s) => marked.has(s)) ? Promise.reject(new Error(message)) : target.batch(stmts))
      }
      const v = Reflect.get(target, prop, target)
      return typeof v === 'function' ? v.bind(target) : v
    },
  })
}

export function envWith(db: D1Database): Env {
  return { ...(env as unknown as Env), DB: db }
}

export async function count(sql: string, ...args: unknown[]): Promise<number> {
  return (
    (await env.DB.prepare(sql)
      .bind(...args)
      .first<number>('n')) ?? 0
  )
}

/**
 * A browser (cookie jar, own address) whose requests run the worker's entry with the env of our
 * choosing: `b.db = failingOn(...)` makes the next requests meet a failing database, `b.db = null`
 * the real one. Work left to waitUntil is awaited, as the runtime would.
 */
export class FaultBrowser extends SsoBrowser {
  db: D1Database | null = null

  protected override env(): unknown {
    return this.db ? envWith(this.db) : env
  }

  json(method: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
    return this.fetch(path, { method, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) })
  }
}

/** The value of a form field as the page rendered it (attribute order as React writes it). */
export function fieldValue(html: string, name: string): string | null {
  const input = html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0]
  if (!input) return null
  return input.match(/value="([^"]*)"/)?.[1] ?? ''
}
