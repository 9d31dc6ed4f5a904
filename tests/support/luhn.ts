/**
 * A Luhn-valid number from its body (the check digit computed here, independently of shared/payments,
 * so the tests do not trust the rule they test). For card numbers no seed or other test holds.
 */
export function withCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d++) {
    const n = `${body}${d}`
    let sum = 0
    for (let i = 0; i < n.length; i++) {
      let v = n.charCodeAt(n.length - 1 - i) - 48
      if (i % 2 === 1) v = v * 2 > 9 ? v * 2 - 9 : v * 2
      sum += v
    }
    if (sum % 10 === 0) return n
  }
  throw new Error('unreachable')
}
