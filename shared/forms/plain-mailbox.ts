/**
 * One plain mailbox (issue 31 item 6): the only shape of an address the portal mails on a stranger's
 * behalf ('Send to my lender'). RFC 5321/5322 allow far more than a person types for a lender, and each
 * extra is a way to send elsewhere or to more people: a list (`a@x.example,b@y.example`), an address
 * literal (`x@[127.0.0.1]`), a query (`x@relay.example?subject=hi`), a display name
 * (`"Bank" <x@bank.example>`), source routes (`x%y@relay.example`, `a!b@relay.example`), quoted local
 * parts, control characters and line breaks. So: ASCII only; a local part of letters, digits and
 * `. _ + - '` (no leading, trailing or doubled dot); a domain of two or more host-name labels ending in
 * a letters-only (or `xn--`) top-level label, so a bare IP address or `localhost` is not a mailbox.
 */

const LOCAL_MAX = 64
const ADDRESS_MAX = 254
const LOCAL_ATOM = /^[A-Za-z0-9_+'-]+$/
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/
const TOP_LABEL = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/

export function isPlainMailbox(value: string): boolean {
  if (value.length > ADDRESS_MAX) return false
  const at = value.indexOf('@')
  if (at < 1 || at !== value.lastIndexOf('@')) return false
  const local = value.slice(0, at)
  const labels = value.slice(at + 1).split('.')
  return (
    local.length <= LOCAL_MAX &&
    local.split('.').every((atom) => LOCAL_ATOM.test(atom)) &&
    labels.length >= 2 &&
    labels.every((label) => LABEL.test(label)) &&
    TOP_LABEL.test(labels.at(-1)!)
  )
}
