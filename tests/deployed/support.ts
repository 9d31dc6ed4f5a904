import type { APIRequestContext } from '@playwright/test'
import { expect } from '../e2e/fixtures'

/**
 * The deployed-shape tier's view of the outside systems (tests/deployed/start.mjs): the stand-ins'
 * own process, read over HTTP as a tester would read the mail provider's log or the processor's
 * dashboard. The portal itself has no /__dev here.
 */
export const STAND_INS = process.env.DEPLOYED_STAND_INS_URL ?? `http://127.0.0.1:${process.env.DEPLOYED_STAND_INS_PORT ?? '8799'}`

export interface ReceivedMail {
  id: number
  to: string
  subject: string
  text: string
  attachments: { filename: string; contentType: string; size: number }[]
}

/**
 * The newest mail to `to` whose subject matches, as the mail stand-in received it. A deployed portal
 * delivers after its answer (waitUntil), so this waits for the mail to arrive (or fails after expect's
 * timeout): it waits on the event, not on a time.
 */
export async function mailTo(request: APIRequestContext, to: string, subject: RegExp, after = 0): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined
  await expect
    .poll(
      async () => {
        const res = await request.get(`${STAND_INS}/mail/messages?to=${encodeURIComponent(to)}`)
        const { messages } = (await res.json()) as { messages: ReceivedMail[] }
        found = messages.find((m) => m.id > after && subject.test(m.subject))
        return found !== undefined
      },
      { message: `a mail to ${to} matching ${subject}` },
    )
    .toBe(true)
  return found!
}

/** The id of the newest mail the stand-in holds (0 when none): what came before a step. */
export async function lastMailId(request: APIRequestContext): Promise<number> {
  const { messages } = (await (await request.get(`${STAND_INS}/mail/messages`)).json()) as { messages: ReceivedMail[] }
  return messages[0]?.id ?? 0
}

/**
 * What the cron trigger runs (worker/index.ts `scheduled`), started as wrangler starts it locally
 * (`wrangler dev --test-scheduled`: GET /__scheduled). The work runs after the answer; the journeys
 * then wait for its effect at the outside system.
 */
export async function runCron(request: APIRequestContext): Promise<void> {
  const res = await request.get('/__scheduled?cron=*+*+*+*+*')
  expect(res.status()).toBe(200)
}
