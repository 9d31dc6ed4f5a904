/**
 * Does a text hold what looks like a payment card number? 13 to 19 digits (spaces or dashes allowed
 * between them), starting as a card does (2-6, or 9792 Troy), passing the Luhn check. Used to refuse
 * card numbers sent anywhere but the payment call, before anything logs or stores them. Epoch
 * milliseconds (13 digits starting with 1) and policy numbers (letters first) never match.
 */
const DIGIT_RUN = /(?<![\d])\d(?:[ -]?\d){12,18}(?![\d])/g

export function luhnValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

export function looksLikeCardNumber(digits: string): boolean {
  return digits.length >= 13 && digits.length <= 19 && (/^[2-6]/.test(digits) || digits.startsWith('9792')) && luhnValid(digits)
}

export function containsCardNumber(text: string): boolean {
  for (const m of text.matchAll(DIGIT_RUN)) {
    if (looksLikeCardNumber(m[0].replace(/[ -]/g, ''))) return true
  }
  return false
}
