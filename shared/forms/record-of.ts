import * as z from 'zod/mini'

/**
 * A JSON object (field -> message, name -> cents) whose every value passes `isValue`. A custom check,
 * not z.record: record is the largest piece of zod an island would load (about 600 B gzip on every
 * island page, decision 163). It accepts what z.record(z.string(), value) accepted from JSON.
 */
export function recordOf<T>(isValue: (value: unknown) => value is T) {
  return z.custom<Record<string, T>>((input) => isPlainObject(input) && Object.values(input).every(isValue))
}

function isPlainObject(input: unknown): input is Record<string, unknown> {
  if (typeof input !== 'object' || input === null) return false
  const proto = Object.getPrototypeOf(input)
  return proto === Object.prototype || proto === null
}

export const isString = (value: unknown): value is string => typeof value === 'string'
export const isSafeInteger = (value: unknown): value is number => Number.isSafeInteger(value)
