import { isCancelled } from '../permissions'
import { formatUsd } from '../../format'
import { defineTexts } from '../../i18n/catalog'

/**
 * Changes a policyholder makes to the policy themselves (issue 34, decision 214). Each kind is quoted by
 * the carrier's policy administration system, reviewed, then bound; the portal keeps every change it
 * asked for (migration 0033's policy_changes) as the policy's history of changes.
 *
 * The mortgage company (item 2), the mailing address (item 3, decision 215), the deductible (item 4,
 * decision 216) and the billing plan (item 5, decision 217) are built. Each kind: a schema beside mortgagee.ts, a line in CHANGE_KINDS, a rule row in the
 * stand-in's table (worker/dev/policy-admin/rules.ts) and its parts, step-up and writes in
 * worker/services/policy-changes/change-kinds.ts.
 */
const CHANGE_KINDS = ['mortgagee', 'mailing-address', 'deductible', 'billing-plan'] as const
export type ChangeKind = (typeof CHANGE_KINDS)[number]

/**
 * quoted: priced, waiting for the person's confirmation; binding: sent to be bound (one request at a
 * time holds it); bound: in force from its effective date; referred: the carrier reviews it before it
 * takes effect, someone calls.
 */
export type ChangeStatus = 'quoted' | 'binding' | 'bound' | 'referred'

/** The kinds' names and the way to them (issue 36: Spanish beside the English). */
export const CHANGE_NAME_TEXTS = defineTexts(
  {
    heading: 'Change my policy',
    mortgagee: 'Mortgage company',
    'mailing-address': 'Mailing address and contact details',
    deductible: 'Deductible',
    'billing-plan': 'Billing plan and due date',
  },
  {
    heading: 'Cambiar mi póliza',
    mortgagee: 'Compañía hipotecaria',
    'mailing-address': 'Dirección postal y datos de contacto',
    deductible: 'Deducible',
    'billing-plan': 'Plan de facturación y fecha de vencimiento',
  },
)

export const CHANGE_KIND_NAMES: Record<ChangeKind, string> = {
  mortgagee: CHANGE_NAME_TEXTS.en.mortgagee,
  'mailing-address': CHANGE_NAME_TEXTS.en['mailing-address'],
  deductible: CHANGE_NAME_TEXTS.en.deductible,
  'billing-plan': CHANGE_NAME_TEXTS.en['billing-plan'],
}

export const CHANGE_STATUS_WORDS: Record<ChangeStatus, string> = {
  quoted: 'Not sent: waiting for your confirmation',
  binding: 'Being sent',
  bound: 'Done',
  referred: 'Pending: our policy services team reviews it',
}

export const CHANGES_TEXT = {
  heading: CHANGE_NAME_TEXTS.en.heading,
  intro: 'Make these changes yourself. Each one is reviewed with you before it is sent, and takes effect on the date you choose.',
  history: 'Changes to this policy',
  noHistory: 'No change has been made online yet.',
  /** Who calls about a referred change, and when. */
  referredCall: (phone: string) =>
    `A policy services specialist will call you at the phone number on your policy within 2 business days. You can also call us at ${phone}.`,
  cannotOnline: 'What you cannot change here',
  cannotOnlineList: ['Who is insured, the property insured or its coverages other than the deductible', 'A change dated before today', 'Cancelling the policy'],
  callUs: (phone: string) => `For these, call policy services at ${phone}, or your agent.`,
  callUsLead: 'For these, call policy services at ',
  callUsTail: ', or your agent.',
  bindFailed: 'We could not send your change just now. Nothing was changed; please try again in a few minutes.',
  quoteFailed: 'We could not price your change just now. Nothing was changed; please try again in a few minutes.',
  refused: (phone: string) => `This change cannot be made online. Please call policy services at ${phone}.`,
  paused: (minutes: string) => `Several changes were priced in a short time, so this is paused to protect your account. Please try again in ${minutes}.`,
  busy: 'This change is being sent already. Its result is shown below.',
  stale: 'Your policy changed since this change was priced, so it was not sent. Please start it again.',
} as const

/** A policy that cannot be changed online at all, and why; null when it can. */
export function changesClosedReason(p: { policyStatus: string; isFlood: boolean }): string | null {
  if (isCancelled(p)) return 'This policy is not in force, so it cannot be changed online.'
  if (p.isFlood) return 'Flood policies are changed through the National Flood Insurance Program, not online.'
  return null
}

/** The premium's change as the review, the mail, the history and the packet say it. */
export function premiumWords(cents: number): string {
  if (cents === 0) return 'No change'
  return cents > 0 ? `${formatUsd(cents)} more for the rest of the term` : `${formatUsd(-cents)} less for the rest of the term`
}
