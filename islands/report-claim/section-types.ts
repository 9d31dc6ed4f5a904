/** The props the claim form's sections share. */
export type Errors = Readonly<Record<string, string>>
export type Family = 'flood' | 'homeowners'
/** A valtio snapshot of a section's values (arrays read-only). */
export type Snap<T> = { readonly [K in keyof T]: T[K] extends Array<infer U> ? readonly U[] : T[K] }
