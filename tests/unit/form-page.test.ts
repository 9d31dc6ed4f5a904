import { describe, it, expect } from 'vitest'
import { Hono } from 'hono'
import { z } from 'zod'
import { submittedForm } from '../../worker/render/form-page'

/** A stand-in form: a trimmed name, a password with its confirmation, an optional note. */
const schema = z
  .object({
    name: z.string({ error: 'Name is required.' }).trim().min(1, { error: 'Name is required.' }),
    password: z.string({ error: 'Password is required.' }).min(7, { error: 'Too short.' }),
    passwordConfirm: z.string().optional(),
    note: z.string().optional(),
  })
  .refine((v) => v.password === v.passwordConfirm, { path: ['passwordConfirm'], error: 'Must match.' })

/** A page that answers with what the helper handed back, to look at it from outside. */
const app = new Hono().post('/', async (c) => c.json(await submittedForm(c, schema)))

function post(body: BodyInit, contentType?: string) {
  return app.request('/', { method: 'POST', body, headers: contentType ? { 'Content-Type': contentType } : {} })
}

describe('submittedForm: the one way a page reads its form', () => {
  it('hands back the data the schema made of a valid form, and what was typed without the passwords', async () => {
    const res = await post(new URLSearchParams({ name: '  Ana ', password: 'Secret-123', passwordConfirm: 'Secret-123' }))
    expect(await res.json()).toEqual({
      ok: true,
      data: { name: 'Ana', password: 'Secret-123', passwordConfirm: 'Secret-123' },
      typed: { name: '  Ana ' },
    })
  })

  it("gives the schema's first message per field, keeps what was typed and never a password field", async () => {
    const res = await post(new URLSearchParams({ name: '', password: 'short-SECRET', passwordConfirm: 'other-SECRET', note: 'kept' }))
    const body = await res.json()
    expect(body).toEqual({ ok: false, errors: { name: 'Name is required.', passwordConfirm: 'Must match.' }, typed: { name: '', note: 'kept' } })
    expect(JSON.stringify(body)).not.toContain('SECRET')
  })

  it('reads multipart forms too; a repeated field counts once (the last), a file not at all', async () => {
    const form = new FormData()
    form.append('name', 'first')
    form.append('name', 'Bea')
    form.append('note', new Blob(['x']), 'note.txt')
    form.append('password', 'Secret-123')
    form.append('passwordConfirm', 'Secret-123')
    const body = (await (await post(form)).json()) as { ok: boolean; typed: Record<string, string> }
    expect(body.ok).toBe(true)
    expect(body.typed).toEqual({ name: 'Bea' })
  })

  it('a body that is not a form is an empty form: the required messages, not a crash', async () => {
    const body = await (await post('{"name":"Ana"}', 'application/json')).json()
    expect(body).toMatchObject({ ok: false, errors: { name: 'Name is required.', password: 'Password is required.' }, typed: {} })
  })

  it('an unparseable body is a 400, never a 500', async () => {
    const res = await post('garbage', 'multipart/form-data; boundary=x')
    expect(res.status).toBe(400)
  })
})
