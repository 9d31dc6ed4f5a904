export { ClaimConversation as default } from './ClaimConversation'
export { claimConversationPropsSchema as propsSchema } from '../../shared/claims/follow-up/conversation'
