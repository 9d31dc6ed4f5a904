import type { FraudLanguage } from './api-shapes'

/** How the seed data shows on the homeowners form: deductibles box and fraud warning (spec 001 sections 2, 3). */

/** Deductibles with an amount (entries of 0 are hidden), in the seed's order. Amounts are cents. */
export function visibleDeductibles(deductibles: Readonly<Record<string, number>>): Array<{ name: string; cents: number }> {
  return Object.entries(deductibles)
    .filter(([, cents]) => cents !== 0)
    .map(([name, cents]) => ({ name, cents }))
}

export interface FraudWarningStyle {
  fontFamily?: string
  fontSize?: string
  fontWeight: 'bold' | 'normal'
}

const FONT_NAME = /^[A-Za-z0-9 ,'-]{1,60}$/
/** Serif faces of the claims system (Times New Roman is its default): on a phone they read as another document. */
const SERIF_FACE = /^(times|georgia|garamond|palatino|book antiqua|cambria|baskerville|serif\b)/i
const CSS_LENGTH = /^\d{1,2}(\.\d{1,2})?(px|pt|em|rem)$/

/**
 * The fraud warning's style from FontName, FontSize and FontWeight ('Y' means bold). Values that are
 * not a plain font name or size are ignored, so data can never inject CSS. A bare number is points. A
 * serif face keeps the page's own font (issue 35, decision 223): size and weight still follow the data.
 */
export function fraudWarningStyle(lang: Pick<FraudLanguage, 'FontName' | 'FontSize' | 'FontWeight'>): FraudWarningStyle {
  const style: FraudWarningStyle = { fontWeight: lang.FontWeight.trim().toUpperCase() === 'Y' ? 'bold' : 'normal' }
  const name = lang.FontName.trim()
  if (FONT_NAME.test(name) && !SERIF_FACE.test(name))
    style.fontFamily = `${name.includes(' ') && !name.includes(',') ? `'${name.replace(/'/g, '')}'` : name}, sans-serif`
  const size = typeof lang.FontSize === 'number' ? `${lang.FontSize}pt` : lang.FontSize.trim()
  const sizeValue = /^\d+(\.\d+)?$/.test(size) ? `${size}pt` : size
  if (CSS_LENGTH.test(sizeValue) && Number.parseFloat(sizeValue) > 0) style.fontSize = sizeValue
  return style
}
