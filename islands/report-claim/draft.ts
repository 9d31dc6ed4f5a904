import { useEffect, useRef, useState } from 'react'
import { snapshot, subscribe } from 'valtio'
import { callApi, getJson } from '../ui/api'
import { useRead } from '../ui/use-read'
import { claimDraftSchema, type ClaimDraftValues } from '../../shared/claims/draft'

/** How long after the last change the draft is saved. */
export const DRAFT_SAVE_MS = 800

/**
 * The claim draft (docs/decisions/105): offered back when the server has one ('Continue your claim' /
 * discard), saved DRAFT_SAVE_MS after the last change while the user types. The first change while a
 * draft is offered (or before the draft's answer arrives) starts a new claim: the offer goes or never
 * shows, the new values replace the old draft. Saving
 * stops while the claim is being sent (the server deletes the draft with the claim). Failures are
 * silent: the form itself keeps everything, the draft is the second copy.
 */
export function useClaimDraft(values: object, url: string | undefined, restored: () => void) {
  const [offer, setOffer] = useState<ClaimDraftValues | null>(null)
  const exists = useRef(false)
  const paused = useRef(false)
  /** The user changed the form: a draft answer that arrives later must not be offered over it. */
  const touched = useRef(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)

  const send = (method: 'PUT' | 'DELETE', json?: unknown) =>
    url
      ? callApi(url, { method, json }).then(
          () => {},
          () => {},
        )
      : Promise.resolve()

  // The draft on the server, read once; a failure is silent (the form itself keeps everything).
  const saved = useRead(url ?? null, () => getJson(url ?? ''))
  const answered = useRef(false)
  useEffect(() => {
    if (saved.data === undefined || answered.current) return
    answered.current = true
    const parsed = claimDraftSchema.safeParse((saved.data as { draft?: { values?: unknown } } | null)?.draft?.values)
    if (parsed.success && !paused.current && !touched.current) {
      exists.current = true
      setOffer(parsed.data)
    }
  }, [saved.data])

  // biome-ignore lint/correctness/useExhaustiveDependencies: subscribed once for the island's life
  useEffect(() => {
    if (!url) return
    const stop = subscribe(values, () => {
      if (paused.current) return
      touched.current = true
      setOffer(null)
      // A save is on its way: leaving now asks first, and discarding deletes what it saves.
      exists.current = true
      clearTimeout(timer.current)
      timer.current = setTimeout(() => {
        void send('PUT', { values: snapshot(values) })
      }, DRAFT_SAVE_MS)
    })
    return () => {
      stop()
      clearTimeout(timer.current)
    }
  }, [])

  const stopSaving = () => {
    paused.current = true
    clearTimeout(timer.current)
  }

  return {
    offer,
    /** Whether leaving should ask first: a draft is on the server (offered or saved). */
    exists: () => exists.current,
    /** Puts the draft's values over the form's starting values. */
    continueDraft() {
      if (!offer) return
      mergeInto(values as Record<string, unknown>, offer)
      setOffer(null)
      restored()
    },
    async discard() {
      stopSaving()
      setOffer(null)
      exists.current = false
      await send('DELETE')
      paused.current = false
    },
    /** While a claim is being sent; resume() after a failure. */
    pause: stopSaving,
    resume() {
      paused.current = false
    },
  }
}

function mergeInto(target: Record<string, unknown>, from: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(from)) {
    if (v === undefined || !(k in target)) continue
    const current = target[k]
    if (v && typeof v === 'object' && !Array.isArray(v) && current && typeof current === 'object')
      mergeInto(current as Record<string, unknown>, v as Record<string, unknown>)
    else target[k] = v
  }
}
