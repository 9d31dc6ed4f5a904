import type { Locale } from './locale'

/**
 * A message catalog (issue 36, decision 229): the English texts and, for every key, the Spanish one. A key
 * missing or extra in either language fails the type check. A text is a string or a function of the
 * values it shows (`(amount: string) => string`), the same signature in both languages.
 *
 *   export const paymentTexts = defineTexts(
 *     { heading: 'Make a Payment', paid: (amount: string) => `You paid ${amount}.` },
 *     { heading: 'Realizar un pago', paid: (amount) => `Usted pagó ${amount}.` },
 *   )
 *   const t = paymentTexts[locale]   // or useTexts(paymentTexts) in a server-rendered component
 *
 * The spec's English texts stay exactly as the specs give them; Spanish uses usted and the glossary's one
 * term per concept (shared/i18n/glossary.ts).
 */
/** An area's schema messages in Spanish: the spec's English text -> the Spanish (shared/i18n/messages.ts lists the areas). */
export type SpanishMessages = Readonly<Record<string, string>>

type TextValue = string | ((...values: never[]) => string)
export type Texts = Record<string, TextValue>

/** The Spanish side must have every key of the English side, each of the same kind (a string, or a function with the same parameters). */
export type SpanishOf<T extends Texts> = { [K in keyof T]: T[K] extends string ? string : T[K] }

export type Catalog<T extends Texts> = Readonly<Record<Locale, T>>

export function defineTexts<const T extends Texts>(en: T, es: SpanishOf<T>): Catalog<{ [K in keyof T]: T[K] extends string ? string : T[K] }> {
  return { en, es } as Catalog<{ [K in keyof T]: T[K] extends string ? string : T[K] }>
}

/**
 * An island's texts travel as JSON (strings only), so a text that shows values is a template:
 * fill('Usted pagó {amount}.', { amount: '$5.00' }). A name without a value is left as written.
 */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in values ? String(values[name]) : m))
}
