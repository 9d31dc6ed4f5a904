import { createContext, useCallback, useContext } from 'react'
import type { ReportClaimIslandTexts } from '../../shared/claims/texts/report-claim-island'

/**
 * The island's texts in the page's language (issue 36): the page sends them as props, ReportClaim provides
 * them here, so every part reads `useClaimTexts()` instead of carrying English of its own.
 */
export interface ClaimLanguage {
  t: ReportClaimIslandTexts
  /** English validation message -> the page's language; a message it lacks shows as given. */
  messages: Readonly<Record<string, string>>
}

export const ClaimTextsContext = createContext<ClaimLanguage | null>(null)

function useLanguage(): ClaimLanguage {
  const language = useContext(ClaimTextsContext)
  if (!language) throw new Error('report-claim: texts are provided by ReportClaim')
  return language
}

export function useClaimTexts(): ReportClaimIslandTexts {
  return useLanguage().t
}

/** A form's message (the schemas' English) in the page's language. */
export function useMessageIn(): (english: string | undefined) => string | undefined {
  const { messages } = useLanguage()
  return useCallback((english) => (english === undefined || english === '' ? english : (messages[english] ?? english)), [messages])
}
