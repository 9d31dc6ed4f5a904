import * as z from 'zod/mini'
import { isSafeInteger, recordOf } from '../forms/record-of'

/**
 * The answers of `GET /v1/{family}/GetClaimsMatrix` and `GET /v1/{family}/GetPolicySeedDataForClaim`
 * (spec 001 sections 3 and 7). Each answer is a JSON *string* holding the object below (the spec's
 * "JSON string with result and Messages"); the worker builds it, the island parses it. zod/mini
 * because the island ships these schemas.
 */

/** Spec 001 section 3 "Claims matrix row". WeatherRelated: 0 not weather, 1 either, 2 weather only. */
const claimsMatrixRowSchema = z.object({
  Id: z.int().check(z.positive()),
  PerilDescription: z.string(),
  SubPerilDescription: z.string(),
  WeatherRelated: z.number().check(z.nonnegative()),
  /** The mitigation code of the row (0 none, 1 Water, 2 Board Up, 3 Fire/Smoke, 4 Roof Tarping). */
  MitigationRequired: z.int().check(z.gte(0), z.lte(4)),
})
export type ClaimsMatrixRow = z.infer<typeof claimsMatrixRowSchema>

export const claimsMatrixAnswerSchema = z.object({
  result: z.array(claimsMatrixRowSchema),
  Messages: z.array(z.string()),
})
export type ClaimsMatrixAnswer = z.infer<typeof claimsMatrixAnswerSchema>

/** The fraud warning and how to style it ('Y' weight is bold). */
const fraudLanguageSchema = z.object({
  Description: z.string(),
  FontName: z.string(),
  /**
   * Points as a number, or a CSS length ('12px', '1rem'). A custom check, not z.union: the islands' one
   * union brought zod's union code into the zod chunk of every island page (decision 163).
   */
  FontSize: z.custom<number | string>((v) => typeof v === 'number' || typeof v === 'string'),
  FontWeight: z.string(),
})
export type FraudLanguage = z.infer<typeof fraudLanguageSchema>

/** Spec 001 section 3 "Claim seed data" (result, message and ErrorMessages are the envelope's). */
const claimSeedDataSchema = z.object({
  PlanId: z.string(),
  IsPolicyActive: z.boolean(),
  /** Exclusion codes of the policy ('WIND', 'WATER', …). */
  Exclusions: z.array(z.string()),
  /** Endorsements on the policy (descriptions). */
  endorsements: z.array(z.string()),
  LocationAddress: z.string(),
  LocationCity: z.string(),
  LocationState: z.string(),
  LocationZipCode: z.string(),
  InsuredFirstName: z.string(),
  InsuredLastName: z.string(),
  fnolFraudLanguage: fraudLanguageSchema,
  /** Deductible name -> amount in integer cents (entries of 0 are not shown). */
  Deductibles: recordOf(isSafeInteger),
  ShellClaim: z.boolean(),
  mitigationType: z.int().check(z.gte(0), z.lte(4)),
  ErrorMessages: z.array(z.string()),
})
export type ClaimSeedData = z.infer<typeof claimSeedDataSchema>

export const claimSeedAnswerSchema = z.object({
  result: z.nullable(claimSeedDataSchema),
  message: z.string(),
})
export type ClaimSeedAnswer = z.infer<typeof claimSeedAnswerSchema>

/** The body of either answer: a JSON string holding the object (an object as such is accepted too). */
export function unwrapJsonString(body: unknown): unknown {
  return typeof body === 'string' ? JSON.parse(body) : body
}
