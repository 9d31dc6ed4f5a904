import { describe, it, expect, vi } from 'vitest'
import { createHttpMailTransport } from '../../worker/integrations/mail/http-adapter'
import { mailTransport } from '../../worker/integrations/mail/transport'
import { passwordResetMail } from '../../worker/integrations/mail/templates'
import { redact } from '../../worker/lib/log'
import type { Env } from '../../worker/env'
import type { OutgoingMail } from '../../worker/integrations/mail/port'

const { attachments: _none, ...reset } = passwordResetMail('pat@example.com', 'https://portal.example/reset-password?token=abc', 30, 'en')
const mail: OutgoingMail = { ...reset, from: 'no-reply@proghome.example', idempotencyKey: 'outbox-7' }

describe('mail port', () => {
  it('the HTTP adapter posts to the mail API with the key as a bearer token and an idempotency key', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response('{}', { status: 202 }))
    await createHttpMailTransport({ url: 'https://mail.example/v1/send', apiKey: 'k-123', fetch: fetchMock }).deliver(mail)
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('https://mail.example/v1/send')
    const headers = init!.headers as Record<string, string>
    expect(headers.Authorization).toBe('Bearer k-123')
    expect(headers['Idempotency-Key']).toBe('outbox-7')
    expect(JSON.parse(String(init!.body))).toEqual({ from: mail.from, to: ['pat@example.com'], subject: mail.subject, text: mail.text })
  })

  it('the HTTP adapter sends attachments in the JSON body as base64, with name and type; none, no key', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response('{}', { status: 200 }))
    const pdf = new TextEncoder().encode('%PDF-1.7 fake bytes \u00ff')
    const transport = createHttpMailTransport({ url: 'https://mail.example/v1/send', apiKey: 'k', fetch: fetchMock })
    await transport.deliver({ ...mail, attachments: [{ filename: 'proof.pdf', contentType: 'application/pdf', content: pdf }] })
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body)) as { attachments: { filename: string; content_type: string; content: string }[] }
    expect(body.attachments).toHaveLength(1)
    expect(body.attachments[0]).toMatchObject({ filename: 'proof.pdf', content_type: 'application/pdf' })
    expect(Uint8Array.from(atob(body.attachments[0]!.content), (ch) => ch.charCodeAt(0))).toEqual(pdf)
    await transport.deliver(mail)
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]!.body))).not.toHaveProperty('attachments')
  })

  it('the HTTP adapter fails on a status outside 200-299 (the outbox retries it)', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response('no', { status: 500 }))
    await expect(createHttpMailTransport({ url: 'https://mail.example', apiKey: 'k', fetch: fetchMock }).deliver(mail)).rejects.toThrow('500')
  })

  it('every environment delivers through the HTTP adapter: deployed ones to MAIL_API_URL (required), development to the stand-in under the portal by default', async () => {
    const calls: string[] = []
    const fetchMock = vi.fn<typeof fetch>(async (input) => {
      calls.push(String(input))
      return new Response('{}', { status: 200 })
    })
    const base = { MAIL_API_URL: 'https://mail.example/v1/send', MAIL_API_KEY: 'k', PORTAL_BASE_URL: 'http://127.0.0.1:8787' } as Env
    for (const ENVIRONMENT of ['production', 'staging', 'test']) {
      const t = mailTransport({ ...base, ENVIRONMENT }, fetchMock)
      expect(t.name, ENVIRONMENT).toBe('http')
      await t.deliver({ ...mail, from: 'a@b.example', idempotencyKey: 'k1' })
    }
    await mailTransport({ ...base, MAIL_API_URL: undefined, ENVIRONMENT: 'development' }, fetchMock).deliver({
      ...mail,
      from: 'a@b.example',
      idempotencyKey: 'k2',
    })
    expect(calls).toEqual([...Array(3).fill('https://mail.example/v1/send'), 'http://127.0.0.1:8787/__dev/mail/messages'])
    expect(() => mailTransport({ ENVIRONMENT: 'production' } as Env)).toThrow(/MAIL_API_URL/)
    expect(() => mailTransport({ ENVIRONMENT: 'staging' } as Env)).toThrow(/staging needs MAIL_API_URL/)
    expect(() => mailTransport({ ...base, MAIL_API_URL: 'https://portal.example/__dev/mail/messages', ENVIRONMENT: 'production' })).toThrow(
      /cannot use the local stand-in/,
    )
  })

  it('the reset email holds the link and says it works once', () => {
    expect(mail.text).toContain('https://portal.example/reset-password?token=abc')
    expect(mail.text).toContain('within 30 minutes. It works once')
  })

  it('log redaction keeps the keys this issue logs recognisable (never a password, token or date of birth)', () => {
    expect(redact({ password: 'x', newPassword: 'x', resetToken: 'x', accountToken: 'x', birthDate: 'x', dob: 'x', kind: 'password-reset' })).toEqual({
      password: '[redacted]',
      newPassword: '[redacted]',
      resetToken: '[redacted]',
      accountToken: '[redacted]',
      birthDate: '[redacted]',
      dob: '[redacted]',
      kind: 'password-reset',
    })
  })
})
