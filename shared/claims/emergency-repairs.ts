/** Emergency repairs (spec 001 sections 2, 4, 9): service types, the National Vendor question and its modal. */

/** Spec 001 section 9, service types of the emergency-repair company. */
export const SERVICE_TYPES = ['Water Mitigation', 'Board-Up/Secure Property', 'Roof Tarping', 'Plumber', 'Fire/Smoke Mitigation', 'Other'] as const
type ServiceType = (typeof SERVICE_TYPES)[number]
const OTHER_SERVICE_TYPE: ServiceType = 'Other'

/** Spec 001 section 9, the National Vendor checklist: 1 Water Mitigation, 2 Board-Up, 3 Fire/Smoke Mitigation, 4 Roof Tarping. */
export const SERVICE_OPTIONS: ReadonlyArray<{ code: number; label: string }> = [
  { code: 1, label: 'Water Mitigation' },
  { code: 2, label: 'Board-Up' },
  { code: 3, label: 'Fire/Smoke Mitigation' },
  { code: 4, label: 'Roof Tarping' },
]

/** A comment is required for Other; any other type clears it. */
export function serviceCommentRequired(serviceType: string): boolean {
  return serviceType === OTHER_SERVICE_TYPE
}

export function commentAfterTypeChange(serviceType: string, comment: string): string {
  return serviceCommentRequired(serviceType) ? comment : ''
}

export type VendorAnswer = '' | 'yes' | 'no'

export interface VendorState {
  answer: VendorAnswer
  /** The assign-repairs modal ('Please Select An Option.') is open. */
  modalOpen: boolean
  /** The service checklist is shown. */
  checklistShown: boolean
  /** Checked service option codes. */
  options: readonly number[]
}

export type VendorEvent =
  | { type: 'answer'; answer: 'yes' | 'no' }
  | { type: 'modal-confirm' }
  | { type: 'modal-cancel' }
  /** The modal's X (and Escape): closes, keeps the checklist. */
  | { type: 'modal-close' }
  | { type: 'toggle-option'; code: number; checked: boolean }

const cleared: VendorState = { answer: 'no', modalOpen: false, checklistShown: false, options: [] }

/**
 * Spec 001 section 2: Yes opens the modal and shows the checklist; modal Confirm keeps the checklist;
 * modal Cancel or answering No hides it, sets the answer to no and clears the selections; closing
 * with X keeps the checklist.
 */
export function vendorTransition(state: VendorState, event: VendorEvent): VendorState {
  switch (event.type) {
    case 'answer':
      return event.answer === 'yes' ? { ...state, answer: 'yes', modalOpen: true, checklistShown: true } : cleared
    case 'modal-confirm':
    case 'modal-close':
      return { ...state, modalOpen: false }
    case 'modal-cancel':
      return cleared
    case 'toggle-option': {
      const rest = state.options.filter((c) => c !== event.code)
      const options = event.checked ? [...rest, event.code].sort((a, b) => a - b) : rest
      return { ...state, options }
    }
  }
}

/**
 * Issue 35: a mitigation the homeowners form's banner already requested is the same service of the
 * National Vendor checklist (the codes are spec 001 section 9's both ways: 1 Water, 2 Board-Up, 3
 * Fire/Smoke, 4 Roof Tarping), so the checklist shows it as requested instead of asking again. The
 * services the vendor is asked for: those ticked and those requested above, each once, in code order.
 */
export function vendorServices(ticked: readonly number[], requestedAbove: readonly number[]): number[] {
  const known = (c: number) => SERVICE_OPTIONS.some((o) => o.code === c)
  return [...new Set([...ticked, ...requestedAbove.filter(known)])].sort((a, b) => a - b)
}

/** The company fields of Emergency Repairs (all but the National Vendor question). */
export interface RepairCompany {
  name: string
  phone: string
  email: string
  address: string
  city: string
  state: string
  zipCode: string
  serviceType: string
  serviceTypeComment: string
}

/** Issue 35: the company fields open only when a company already came; one that holds an answer stays open. */
export function hasRepairCompany(r: RepairCompany): boolean {
  return [r.name, r.phone, r.email, r.address, r.city, r.state, r.zipCode, r.serviceType, r.serviceTypeComment].some((v) => v.trim() !== '')
}

/** The same fields emptied: what 'no company came' leaves. */
export const NO_REPAIR_COMPANY: Readonly<RepairCompany> = {
  name: '',
  phone: '',
  email: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  serviceType: '',
  serviceTypeComment: '',
}
