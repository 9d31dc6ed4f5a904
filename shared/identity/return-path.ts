import { isSitePath } from '../site-request'
import { matchRoute } from '../routes'

/**
 * Where a sign-in goes back to (issue 32 item 3): a path of this site only, never another origin
 * ('//evil.example', '/\evil.example', 'https://…'), never a path no route owns, nor the sign-in pages
 * themselves (a loop). Anything else is no return path, and the sign-in lands on Account Home.
 */
const MAX_RETURN_PATH = 300
const NEVER_BACK_TO = new Set(['Login', 'Logout', 'NotFound', 'SignInCode', 'ForgotPassword', 'ResetPassword'])

export function internalReturnPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_RETURN_PATH) return null
  // Printable ASCII only: no control characters, spaces or look-alike letters in a path sent back to.
  if (!isSitePath(raw) || !/^[!-~]+$/.test(raw)) return null
  const pathOnly = raw.split(/[?#]/, 1)[0]!
  return NEVER_BACK_TO.has(matchRoute(pathOnly).name) ? null : raw
}
