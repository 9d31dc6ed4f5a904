/**
 * Keeps the caret where the user was typing when a mask adds or removes spaces: it goes after the same
 * number of meaningful characters (digits, or anything but spaces) as before the change.
 */
export function meaningfulBefore(value: string, caret: number): number {
  return value.slice(0, caret).replace(/\s/g, '').length
}

export function caretAfter(masked: string, meaningful: number): number {
  if (meaningful <= 0) return 0
  let seen = 0
  for (let i = 0; i < masked.length; i++) {
    if (!/\s/.test(masked[i]!)) seen += 1
    if (seen === meaningful) return i + 1
  }
  return masked.length
}
