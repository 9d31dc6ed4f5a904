import type { Policy } from '../../../shared/policy/schemas/policy'
import { pathOf } from '../../../shared/routes'
import { routeFamilyFor } from '../../../shared/policy/family'
import type { Conversation } from '../../../shared/claims/follow-up/conversation'
import { conversationTexts } from '../../../shared/claims/texts/conversation'
import { messageIn } from '../../../shared/i18n/messages'
import { useLocale } from '../../render/locale'
import { base64url } from '../../lib/bytes'
import { Island } from '../../render/island'
import { Confirmation } from '../../render/confirmation'

/**
 * The claim page's conversation with the claims team (issue 32 item 2, decision 208): the island, whose
 * server markup is the list and a plain form posting to ClaimMessage (the page without script).
 */
const sendMessageAction = (claimNumber: string) => `${pathOf('ClaimMessage')}?claim=${encodeURIComponent(claimNumber)}`

/** The form's key: a double click without script sends one message. Random, not a secret (it names a message, never grants one). */
const formKey = () => base64url(crypto.getRandomValues(new Uint8Array(18)))

export interface ConversationState {
  /** Why the message just posted was refused, and what was typed. */
  error: string | null
  draft: string
  sent: boolean
}

export function ConversationSection({
  policy,
  claimNumber,
  conversation,
  state,
}: {
  policy: Policy
  claimNumber: string
  conversation: Conversation
  state: ConversationState
}) {
  const family = routeFamilyFor(policy.policyID, 'ClaimMessages') ?? 'homeowners'
  const locale = useLocale()
  const T = conversationTexts[locale]
  return (
    <section id="messages" className="claim-page__conversation" aria-labelledby="conversation-heading">
      <h2 id="conversation-heading">{T.heading}</h2>
      <p>{T.intro}</p>
      {state.sent && <Confirmation>{T.sent}</Confirmation>}
      {state.error !== null && (
        <div className="alert alert--error" role="alert">
          <p>{messageIn(locale, state.error)}</p>
          {state.draft && (
            <p>
              {T.whatYouWrote}
              <bdi>{state.draft}</bdi>
            </p>
          )}
        </div>
      )}
      <Island
        name="claim-conversation"
        hydrate="load"
        props={{
          claimNumber,
          url: `/v1/${family}/ClaimMessages/${policy.policyID}`,
          state: policy.state,
          formAction: sendMessageAction(claimNumber),
          formKey: formKey(),
          initial: conversation,
          locale,
          texts: T,
        }}
      />
    </section>
  )
}
