import { defineTexts } from '../../i18n/catalog'
/**
 * The claim's documents checklist (issue 32 item 4, decision 207): one line per document the claims team
 * asked for, however often they asked (a request repeated with the same items is the same lines), and
 * its state from the files the policyholder sent for it and what the claims system said of them.
 *
 *   requested        asked for, nothing sent for it yet
 *   sent             a file answering it left the portal's form
 *   received         the claims system said it has that file (document.received)
 *   accepted         the claims team accepted it (document.reviewed, accepted)
 *   another-needed   the claims team needs another one (document.reviewed, another-needed)
 *
 * The state is that of the newest file sent for the line, so a file sent after 'another needed' starts
 * again at 'sent'. Everything is decided from all the facts at once, so events that came late or twice
 * give the same checklist.
 */
export type DocumentLineState = 'requested' | 'sent' | 'received' | 'accepted' | 'another-needed'

export interface DocumentRequest {
  /** yyyy-mm-dd the request was made. */
  date: string
  items: readonly string[]
}

export interface SentDocument {
  /** The portal's id of the file (claim_uploads.id): the id the claims system hears it by. */
  documentId: string
  name: string
  /** The request line it answers (requestKey of the item), if the sender chose one. */
  answers: string | null
  /** yyyy-mm-dd */
  sentOn: string
}

export interface DocumentNews {
  documentId: string
  kind: 'received' | 'accepted' | 'another-needed'
  /** yyyy-mm-dd */
  date: string
}

export interface DocumentLine {
  key: string
  /** The item as first asked for. */
  item: string
  askedOn: string
  state: DocumentLineState
  /** The newest file sent for it, and the date of its state. */
  document: { name: string; date: string } | null
}

/** One item's identity: the same words whatever the case and spacing. */
export function requestKey(item: string): string {
  return item.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase()
}

/** The states in which something is still for the policyholder to send. */
export const isOutstanding = (state: DocumentLineState): boolean => state === 'requested' || state === 'another-needed'

export function documentChecklist(requests: readonly DocumentRequest[], sent: readonly SentDocument[], news: readonly DocumentNews[]): DocumentLine[] {
  const lines = new Map<string, { item: string; askedOn: string }>()
  for (const r of requests) {
    for (const item of r.items) {
      const key = requestKey(item)
      if (!lines.has(key)) lines.set(key, { item: item.trim(), askedOn: r.date })
    }
  }
  return [...lines].map(([key, { item, askedOn }]) => {
    const file = sent.filter((d) => d.answers === key).at(-1)
    if (!file) return { key, item, askedOn, state: 'requested', document: null }
    const of = news.filter((n) => n.documentId === file.documentId)
    const reviewed = of.filter((n) => n.kind !== 'received').at(-1)
    const latest = reviewed ?? of.at(-1)
    return {
      key,
      item,
      askedOn,
      state: latest ? latest.kind : 'sent',
      document: { name: file.name, date: latest ? latest.date : file.sentOn },
    }
  })
}

/** A claim event already read as its type (shared/claims/events.ts EVENT_DATA), on the policyholder's clock. */
export interface ChecklistEvent {
  type: string
  /** yyyy-mm-dd */
  date: string
  data: Record<string, unknown>
}

/**
 * The checklist from a claim's events (the requests and the claims system's news of the files) and the
 * files sent: the claim page's and Account Home's one reading of them.
 */
export function checklistOfEvents(events: readonly ChecklistEvent[], sent: readonly SentDocument[]): DocumentLine[] {
  const news = events.flatMap((e): DocumentNews[] => {
    if (e.type === 'document.received') return [{ documentId: e.data.documentId as string, kind: 'received', date: e.date }]
    if (e.type === 'document.reviewed')
      return [{ documentId: e.data.documentId as string, kind: e.data.outcome as 'accepted' | 'another-needed', date: e.date }]
    return []
  })
  const requests = events.filter((e) => e.type === 'documents.requested').map((e) => ({ date: e.date, items: e.data.items as string[] }))
  return documentChecklist(requests, sent, news)
}

/** The items of a new request that are not already on the checklist (a repeat brings none). */
export function newItems(earlier: readonly (readonly string[])[], items: readonly string[]): string[] {
  const known = new Set(earlier.flatMap((r) => r.map(requestKey)))
  const seen = new Set<string>()
  return items.filter((item) => {
    const key = requestKey(item)
    if (known.has(key) || seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** The words of each state, said in text (not only by colour). */
const DOCUMENT_STATE_WORDS: Record<DocumentLineState, string> = {
  requested: 'Requested',
  sent: 'Sent',
  received: 'Received by the claims team',
  accepted: 'Accepted',
  'another-needed': 'Another one needed',
}

/** The documents' states in both languages (issue 36). */
export const DOCUMENT_STATE_TEXTS = defineTexts(DOCUMENT_STATE_WORDS, {
  requested: 'Solicitado',
  sent: 'Enviado',
  received: 'Recibido por el equipo de reclamos',
  accepted: 'Aceptado',
  'another-needed': 'Se necesita otro',
})
