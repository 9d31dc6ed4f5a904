import { describe, it, expect, beforeAll } from 'vitest'
import { api, jsonPost, ORIGIN, seed } from './helpers'

beforeAll(() => seed())

const post = (path: string, body: string, contentType = 'application/json') =>
  api(path, { method: 'POST', headers: { 'Content-Type': contentType, Origin: ORIGIN }, body })

describe('/v1 JSON bodies all go through the validator', () => {
  it.each(['/v1/profile/login/', '/v1/common/policies-from-ping/', '/v1/profile/password'])(
    'a body declared JSON that does not parse is a 400 problem with errorMessage (%s)',
    async (path) => {
      const res = await post(path, '{"userName":')
      expect(res.status).toBe(400)
      expect(res.headers.get('Content-Type')).toBe('application/problem+json')
      expect(await res.json()).toMatchObject({ errorMessage: 'Malformed request.' })
    },
  )

  it("an invalid body is a 400 with the schema's first message and each field's", async () => {
    const res = await jsonPost('/v1/profile/password', { Email: 'not-an-email' })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ errorMessage: 'Email Address Invalid.', errors: { Email: 'Email Address Invalid.' } })
  })

  it.each([
    ['a body that does not parse', '{"message":'],
    ['a body that is not JSON at all', 'not json'],
    ['a line without a message', '{"loggingLevel":"Error"}'],
    ['a line that breaks the schema', JSON.stringify({ loggingLevel: 'Loud', message: 'x' })],
  ])('client log: %s is ignored with a 204', async (_name, body) => {
    expect((await post('/v1/common/Log', body)).status).toBe(204)
  })
})
