import { proxy } from 'valtio'
import { maskPhone } from '../../shared/claims/masks'
import { vendorTransition, type VendorEvent } from '../../shared/claims/emergency-repairs'
import {
  EMPTY_REPORTER,
  emptyInsured,
  emptyLocation,
  emptyRepairs,
  type EmergencyRepairValues,
  type FloodFormValues,
  type HomeownersFormValues,
} from '../../shared/claims/payload'
import type { ReportClaimProps } from '../../shared/claims/schemas/claim-props'

export interface ClaimFormState<V> {
  values: V
  /** Messages beside the fields, keyed by submission path; empty until the first Report Claim (lazy validation). */
  errors: Record<string, string>
  attempted: boolean
  /** The date-of-loss message from leaving the field (empty, invalid or future date: cleared). */
  dateMessage: string
  /** Homeowners: the date of loss whose matrix and seed data are loaded ('' before the first). */
  loadedDate: string
  confirmOpen: boolean
  vendorModalOpen: boolean
  submitting: boolean
  /** The last Report Claim failed: 'retry' (sending again may work), 'refused' (not allowed on this policy: a retry cannot help). */
  submitFailed: '' | 'retry' | 'refused'
  /** The server's message for a refused claim (a file too big, of the wrong type...), '' otherwise. */
  submitMessage: string
  /** One key per claim: every retry of the same claim sends it (phase B's idempotency). */
  attempt: { sameAs: string; key: string } | null
}

function createStore<V extends object>(values: V): ClaimFormState<V> {
  return proxy<ClaimFormState<V>>({
    values,
    errors: {},
    attempted: false,
    dateMessage: '',
    loadedDate: '',
    confirmOpen: false,
    vendorModalOpen: false,
    submitting: false,
    submitFailed: '',
    submitMessage: '',
    attempt: null,
  })
}

type Carried = NonNullable<ReportClaimProps['carried']>

/** The loss facts carried from the claim on the other policy of the same home (decision 213): what both forms ask. */
function withCarried<V extends FloodFormValues | HomeownersFormValues>(values: V, c: Carried | undefined): V {
  if (!c) return values
  return {
    ...values,
    lossDate: c.lossDate,
    description: c.description,
    insured: {
      ...values.insured,
      homePhone: maskPhone(c.homePhone) || values.insured.homePhone,
      workPhone: maskPhone(c.workPhone),
      cellPhone: maskPhone(c.cellPhone),
      preferredContact: c.preferredContact,
      email: c.email || values.insured.email,
      confirmEmail: c.email,
    },
    reporter: { name: c.reporterName, phone: maskPhone(c.reporterPhone), relationship: c.reporterRelationship },
  }
}

/**
 * Spec 001 section 4 "Flood claim form": insured name, home phone, email and risk address prefilled. The
 * date and time of loss start empty (issue 35 item 2, against the spec's 'prefilled with the report date
 * and time'): a prefilled 'now' was easy to submit unread, and it starts the proof-of-loss deadline.
 */
export function createFloodStore(p: ReportClaimProps) {
  const values: FloodFormValues = {
    lossDate: '',
    lossTime: '',
    description: '',
    insured: emptyInsured({ firstName: p.insured.firstName, lastName: p.insured.lastName, homePhone: maskPhone(p.insured.homePhone), email: p.insured.email }),
    reporter: { ...EMPTY_REPORTER },
    location: emptyLocation({ ...p.riskAddress }),
    repairs: emptyRepairs(),
  }
  // A carried date of loss comes without a time when the other claim was a homeowners one: the person adds it.
  return createStore(p.carried ? { ...withCarried(values, p.carried), lossTime: p.carried.lossTime } : values)
}

/** The homeowners form starts empty but for the insured's name (replaced by the seed data's once loaded). */
export function createHomeownersStore(p: ReportClaimProps) {
  const values: HomeownersFormValues = {
    lossDate: '',
    weather: '',
    cause: '',
    detailedCause: '',
    mitigationRequested: [],
    description: '',
    insured: emptyInsured({ firstName: p.insured.firstName, lastName: p.insured.lastName }),
    reporter: { ...EMPTY_REPORTER },
    location: emptyLocation(),
    repairs: emptyRepairs(),
  }
  if (!p.carried) return createStore(values)
  // A storm claim carried over: weather-related, and its date's matrix and seed data load at once.
  const store = createStore({ ...withCarried(values, p.carried), weather: 'yes' as const })
  store.loadedDate = p.carried.lossDate
  return store
}

/**
 * Spec 001 section 4 step 2: a valid, changed date of loss resets the weather answer, the perils, the
 * insured's phones and email, the reporter, the loss address and the emergency repairs. The first date
 * resets nothing (nothing was loaded for another date yet), so what was typed before it stays.
 */
export function resetForNewDate(store: ClaimFormState<HomeownersFormValues>): void {
  const v = store.values
  v.weather = ''
  v.cause = ''
  v.detailedCause = ''
  v.mitigationRequested = []
  v.insured = emptyInsured({ firstName: v.insured.firstName, lastName: v.insured.lastName })
  v.reporter = { ...EMPTY_REPORTER }
  v.location = emptyLocation()
  v.repairs = emptyRepairs()
  store.vendorModalOpen = false
}

/** The National Vendor question and its modal, through the shared transition rule. */
export function applyVendorEvent(store: { values: { repairs: EmergencyRepairValues }; vendorModalOpen: boolean }, event: VendorEvent): void {
  const r = store.values.repairs
  const next = vendorTransition(
    { answer: r.assignVendor, modalOpen: store.vendorModalOpen, checklistShown: r.assignVendor === 'yes', options: r.serviceOptions },
    event,
  )
  r.assignVendor = next.answer
  r.serviceOptions = [...next.options]
  store.vendorModalOpen = next.modalOpen
}
