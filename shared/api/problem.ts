/**
 * The one error shape of /v1 (RFC 9457 problem details, `application/problem+json`; decision 160).
 * The standard members (type, title, status, detail) come with the members the islands and spec 000
 * section 7 rely on: `errorMessage` (the text a person reads, the spec's where the spec has one, equal to
 * `detail`), and the field errors as `errors` (field -> message) where a body was refused field by field.
 * No dependency: the islands' call helper reads it.
 */
export const PROBLEM_MEDIA_TYPE = 'application/problem+json'

/** The one type the islands read (islands/ui/api.ts): a constant of its own, so they do not carry the table below. */
export const KEY_REUSED_TYPE = '/v1/problems/idempotency-key-reused'

/** Problem types the portal defines; each resolves against the API's own address (`/v1/problems/...`). */
export const PROBLEM_TYPES = {
  invalidBody: '/v1/problems/invalid-body',
  malformed: '/v1/problems/malformed-request',
  keyReused: KEY_REUSED_TYPE,
  keyInProgress: '/v1/problems/idempotency-key-in-progress',
  cardNumber: '/v1/problems/card-number-refused',
  rateLimited: '/v1/problems/rate-limited',
  tooLarge: '/v1/problems/request-too-large',
  storeUnavailable: '/v1/problems/store-unavailable',
  /** A sensitive change from a session proved too long ago (decisions 180, 202): confirm it is you, then repeat it. */
  stepUpNeeded: '/v1/problems/step-up-needed',
} as const

/** The detail of a key-reused problem (type PROBLEM_TYPES.keyReused). */
export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used with a different request.'

export type ProblemType = (typeof PROBLEM_TYPES)[keyof typeof PROBLEM_TYPES] | 'about:blank'

export interface Problem {
  type: ProblemType
  title: string
  status: number
  detail: string
  /** The same text as detail: the member spec 000's clients read. */
  errorMessage: string
  /** Field -> first message, when a body was refused field by field. */
  errors?: Record<string, string>
  [extension: string]: unknown
}

/** A /v1 answer read as a problem, or null when it is not one (a success, a text answer, HTML). */
export function problemOf(status: number, contentType: string | null, text: string): Problem | null {
  if (status < 400) return null
  if (!/^application\/(problem\+)?json/i.test(contentType ?? '')) return null
  try {
    const body = JSON.parse(text) as Partial<Problem> | null
    if (!body || typeof body !== 'object') return null
    const detail = typeof body.errorMessage === 'string' ? body.errorMessage : typeof body.detail === 'string' ? body.detail : ''
    const errors =
      body.errors && typeof body.errors === 'object'
        ? Object.fromEntries(Object.entries(body.errors).filter((e): e is [string, string] => typeof e[1] === 'string'))
        : undefined
    return {
      ...body,
      type: typeof body.type === 'string' ? (body.type as ProblemType) : 'about:blank',
      title: typeof body.title === 'string' ? body.title : '',
      status,
      detail,
      errorMessage: detail,
      ...(errors && Object.keys(errors).length > 0 ? { errors } : {}),
    }
  } catch {
    return null
  }
}
