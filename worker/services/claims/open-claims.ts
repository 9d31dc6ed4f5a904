import { EVENT_DATA, type ClaimEventType } from '../../../shared/claims/events'
import { checklistOfEvents, isOutstanding, requestKey } from '../../../shared/claims/follow-up/document-checklist'
import type { ClaimStatus } from '../../../shared/claims/lifecycle'
import { claimStage, STATUS_TEXTS } from '../../../shared/claims/status-words'
import type { Locale } from '../../../shared/i18n/locale'
import type { OpenClaimRow } from '../../db/claims/claim-page'

/** An open claim's line on its policy's Account Home card: 'Claim HO-2026-000123: Adjuster assigned'. */
export interface OpenClaimLine {
  claimNumber: string
  statusWords: string
  /** The claims team's replies not read yet (decision 208). */
  unread: number
  /** The documents the claims team asked for that are still for the policyholder to send (decision 207's checklist). */
  documentsWanted: string[]
}

interface StoredDocuments {
  events: { type: string; payload: string }[]
  files: { id: string; answers: string }[]
}

/**
 * The checklist's outstanding items, from the claim's document events (read as their type, anything else
 * left out as on the claim page) and the files that answer a request. Dates do not decide what is
 * outstanding, so none are read.
 */
function documentsWanted(json: string): string[] {
  const stored = JSON.parse(json) as StoredDocuments
  const events = stored.events.flatMap((e) => {
    if (!(e.type in EVENT_DATA)) return []
    let payload: unknown
    try {
      payload = JSON.parse(e.payload)
    } catch {
      return []
    }
    const data = EVENT_DATA[e.type as ClaimEventType].safeParse(payload)
    return data.success ? [{ type: e.type, date: '', data: data.data as Record<string, unknown> }] : []
  })
  const sent = stored.files.map((f) => ({ documentId: f.id, name: '', answers: requestKey(f.answers), sentOn: '' }))
  return checklistOfEvents(events, sent)
    .filter((line) => isOutstanding(line.state))
    .map((line) => line.item)
}

/** The profile's open claims (not closed), by policy id, newest first (issue 19 item 3), from the rows Account Home's read brought (decision 235); their status in the page's language (issue 36). */
export function openClaimLines(rows: readonly OpenClaimRow[], locale: Locale = 'en'): Map<string, OpenClaimLine[]> {
  const byPolicy = new Map<string, OpenClaimLine[]>()
  for (const row of rows) {
    const types = JSON.parse(row.types) as ClaimEventType[]
    const line = {
      claimNumber: row.claim_number,
      statusWords: STATUS_TEXTS[locale][claimStage(row.status as ClaimStatus, types)],
      unread: row.unread,
      documentsWanted: documentsWanted(row.documents),
    }
    byPolicy.set(row.policy_id, [...(byPolicy.get(row.policy_id) ?? []), line])
  }
  return byPolicy
}
