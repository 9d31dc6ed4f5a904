import { SIGNATURE_HEADER, signatureHeaders as claimsSignatureHeaders, TIMESTAMP_HEADER } from '../claims-system/webhook-signature'

/**
 * How the SMS provider signs what it sends to POST /hooks/sms (decision 209): the scheme of the claims
 * system's events (decision 167: HMAC-SHA256 of `${timestamp}.${raw body}`, 5 minutes either way, in
 * constant time), under its own secret (SMS_WEBHOOK_SECRET) and its own header names; the portal checks
 * it with the same function (services/request/signed-json.ts).
 */
export const SMS_TIMESTAMP_HEADER = 'X-Sms-Timestamp'
export const SMS_SIGNATURE_HEADER = 'X-Sms-Signature'

/** The two headers for a body sent at `nowMs` (what the provider, and the stand-in, send). */
export async function smsSignatureHeaders(secret: string, rawBody: string, nowMs: number): Promise<Record<string, string>> {
  const signed = await claimsSignatureHeaders(secret, rawBody, nowMs)
  return { [SMS_TIMESTAMP_HEADER]: signed[TIMESTAMP_HEADER]!, [SMS_SIGNATURE_HEADER]: signed[SIGNATURE_HEADER]! }
}
