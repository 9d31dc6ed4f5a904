import { escapeHtml } from '../escape-html'
import { GENERAL_MSG } from '../forms/general-validators'

/**
 * The texts of Report a Claim. CLAIM_MSG and the spec-given texts below are spec 001's, verbatim
 * (sections 2, 4, 5, 7, 8). CLAIM_TEXT holds texts the spec does not give (written for the portal and
 * listed for product review in docs/decisions/101-report-claim-page-and-island.md).
 */

/** Spec 001 section 5 "Claim (all forms)", verbatim. */
export const CLAIM_MSG = {
  lossDateRequired: 'The Date of Loss field is required.',
  lossDateFuture: 'A future date cannot be entered.',
  lossDateInvalid: 'The Date of Loss is not a valid date.',
  lossDateOutsidePeriod: 'The Date of Loss is not within the policy period.',
  weatherRequired: 'The Weather Related Event field is required.',
  causeRequired: 'The Cause of Loss field is required.',
  detailedCauseRequired: 'The Detailed Cause of Loss field is required.',
  descriptionRequiredHomeowners: 'The Brief description of Loss/Damages field is required.',
  descriptionRequiredFlood: 'The Brief Description of the Loss / Damages field is required.',
  lossAddressRequired: 'The Loss Address field is required.',
  cityRequired: 'The City field is required.',
  stateRequired: 'The State field is required.',
  zipRequired: 'The Zip Code field is required.',
  phoneRequired: 'At least one phone number is required.',
  preferredContactRequired: 'The Preferred Contact Number field is required.',
  emailRequired: 'The Email field is required.',
  emailInvalid: 'Please enter a valid email address.',
  confirmEmailRequired: 'The Confirm Email field is required.',
  emailMismatch: 'Email does not match.',
  reportedByRequired: 'The Reported By field is required.',
  relationshipRequired: 'The Relationship to Insured field is required.',
  reportedByPhoneRequired: 'Phone Number is required',
  serviceCommentRequired: 'Service Comment is required.',
  vendorAnswerRequired: 'This field is required.',
  serviceOptionsRequired: 'Please select at least one Emergency Service.',
} as const

/** Spec 000 section 5 "General validators" wording for a maximum length (the inputs' maxlength keeps the screen from reaching it). */
export const maxLengthMessage = GENERAL_MSG.maxLength

/** Spec 001 sections 2 and 8. */
export const FLOOD_BALANCE_MESSAGE = 'Report a Claim functionality is disabled until the policy has been paid in full.'
/** Spec 001 section 7 (the empty-result answers of the two GETs). */
export const MATRIX_EMPTY_MESSAGE = 'There was an error getting matrix data'
export const SEED_EMPTY_MESSAGE = 'There was an error getting seed data'
/** Spec 001 section 4: logged for a claim-submit status other than 200 or 202. */
export const UNEXPECTED_RESPONSE = 'unexpected http response'
/** Spec 001 section 2, the two modal titles. */
export const ASSIGN_REPAIRS_TITLE = 'Please Select An Option.'
export const CONFIRM_CLAIM_TITLE = 'Please confirm you are the insured and would like to file a claim.'

/**
 * The page's texts around the form (worker/pages/claims), and the claim answer's promise. Apart from
 * CLAIM_TEXT, which the island uses, so that the island's chunk does not carry them (decision 163).
 */
export const CLAIM_PAGE_TEXT = {
  introLead: 'You can report a claim online with the form below, or call our claims line at',
  haveReadyHeading: 'Please have the following ready:',
  haveReady: ['Your policy number', 'The date of loss', 'The address where the loss happened', 'Phone numbers where we can reach you'],
  contactPromise: 'A claims representative will contact you within 48 business hours.',
  noClaimNumber: 'If you do not see a claim number after you click Report Claim, please call us for help at',
} as const

/** The flood form's time of loss is required (issue 35 item 2; spec 001 gives no message for it). */
export const LOSS_TIME_REQUIRED = 'The Time of Loss field is required.'

/** Texts the spec describes but does not give word for word (see the decision record). */
export const CLAIM_TEXT = {
  lossTimeRequired: LOSS_TIME_REQUIRED,
  noScript: 'The claim form needs JavaScript. Please turn JavaScript on in your browser, or call our claims line to report your claim:',
  /** The assign-repairs modal body (spec 001 section 2 gives its content, not its words). */
  assignRepairsBody: [
    'A mitigation company will be assigned to your claim and will contact you directly.',
    'If you have not heard from them within 24 hours, please call our claims line at',
    'Reimbursement for these services is not confirmed until the investigation of your claim is complete.',
  ],
  /** The confirm modal note for non-flood policies. */
  claimNumberNote: 'After you select Confirm, you should receive a claim number and a confirmation email. If you do not, please call our claims line at',
  vendorQuestion: 'Would you like us to assign a National Vendor for emergency repairs?',
  serviceOptionsLegend: 'Emergency services needed',
  // Ours (issue 35): the company fields open only when a company already came; a mitigation asked for above is not asked again.
  companyCame: 'A company has already made emergency repairs',
  requestedAbove: '(requested above)',
  // Ours (issue 35): the contact details on file, one tap to use (the fields stay editable).
  phoneOnFileOffer: (phone: string) => `Use ${phone}, the phone on file`,
  emailOnFileOffer: (email: string) => `Use ${email}, the email on file`,
  sameAsInsured: 'The loss location is the same as the insured location',
  /** Reported By (issue 21, WCAG 3.3.7 redundant entry): fills the reporter from the insured. */
  reporterIsInsured: 'I am the insured',
  selfRelationship: 'Self',
  deductiblesHeading: 'Your Deductibles',
  mitigationHeading: 'Emergency mitigation may be available',
  mitigationBody: 'Acting quickly can prevent further damage. We can send a mitigation company to help protect your home.',
  lossDetailsHint: 'Enter the date of loss to choose the cause of loss.',
  reportDisabledHint: 'Enter a date of loss that is not in the future to report the claim.',
  loadingLossDetails: 'Loading the causes of loss for this date.',
  serverMessagesHeading: 'Please note:',
  /** The button under the matrix or seed data's failure: asks again in place (issue 18). */
  tryAgain: 'Try again',
  submitting: 'Sending your claim. Please wait.',
  submitFailed: 'We could not send your claim. Nothing you entered has been lost: please try again, or call our claims line at',
  /** After a refusal a retry cannot change (403: not allowed on this policy), under the server's message. */
  refusedHelp: 'To report this loss, please call our claims line at',
} as const

/** The answer of FirstNoticeOfLoss (200): the claim number, and the files received when there are any. */
export function claimReportedText(claimNumber: string, fileNames: readonly string[]): string {
  return claimReported(claimNumber, fileNames, (name) => name)
}

/**
 * The same answer as markup for the system-message page, which renders sanitized HTML and makes phone
 * numbers tappable: a file name is the uploader's text, so it is escaped (a name holding `<h2>` shows as
 * typed) and isolated in `<bdi>` (its direction cannot reorder the sentence; tel-links.tsx makes no link
 * inside it, so a 1-900 number in a name is not a tappable number). The claim number is emphasised in a
 * `<strong class="reference">` (issue 21 item 5: plain text to copy, never broken across lines).
 */
export function claimReportedHtml(claimNumber: string, fileNames: readonly string[], words: ClaimReportedWords = CLAIM_REPORTED_WORDS): string {
  return claimReported(`<strong class="reference">${escapeHtml(claimNumber)}</strong>`, fileNames, (name) => `<bdi>${escapeHtml(name)}</bdi>`, words)
}

/** How the answer says it (English; the success page passes its language's: shared/claims/texts/claim-reported.ts). */
export interface ClaimReportedWords {
  reported(claimNumber: string): string
  oneFile(names: string): string
  files(count: number, names: string): string
}

export const CLAIM_REPORTED_WORDS: ClaimReportedWords = {
  reported: (claimNumber) => `Your claim has been reported. Your claim number is ${claimNumber}. ${CLAIM_PAGE_TEXT.contactPromise}`,
  oneFile: (names) => ` We received your file: ${names}.`,
  files: (count, names) => ` We received your ${count} files: ${names}.`,
}

function claimReported(
  claimNumber: string,
  fileNames: readonly string[],
  shown: (name: string) => string,
  w: ClaimReportedWords = CLAIM_REPORTED_WORDS,
): string {
  const names = fileNames.map(shown).join(', ')
  const files = fileNames.length === 0 ? '' : fileNames.length === 1 ? w.oneFile(names) : w.files(fileNames.length, names)
  return `${w.reported(claimNumber)}${files}`
}

/** Refusals of FirstNoticeOfLoss that the spec does not word (docs/decisions/103). */
export const CLAIM_REFUSAL = {
  notAllowed: 'Claims cannot be reported online for this policy. Please call our claims line.',
  policyMismatch: 'The policy number of the claim does not match the address.',
  invalid: 'The claim has errors. Please correct them and try again.',
  malformed: 'The claim could not be read. Please send the claimSubmission part as JSON.',
  unknownCause: 'The Detailed Cause of Loss is not one of the causes of loss for this policy.',
} as const

/** Texts of the claim draft and the files section (docs/decisions/105). */
export const DRAFT_TEXT = {
  offer: 'You started a claim on this policy earlier. Would you like to continue it?',
  continue: 'Continue your claim',
  discard: 'Discard it',
  cancelQuestion: 'Leave this page and discard the claim you started?',
  cancelConfirm: 'Discard claim',
  cancelKeep: 'Keep editing',
  filesHeading: 'Photos and Files',
  filesHint: 'Optional: up to 10 photos or PDF files, 10 MB each.',
  filesLabel: 'Add photos or files',
  /** The list's announcements (polite live region) and the thumbnails' texts (decision 227). */
  added: (names: readonly string[]) => (names.length === 1 ? `Added ${names[0]}.` : `Added ${names.length} files: ${names.join(', ')}.`),
  removed: (name: string) => `Removed ${name}.`,
  uploadedOne: (name: string) => `${name} uploaded.`,
  pdfIcon: 'PDF',
  photoIcon: 'Photo',
  fileIcon: 'File',
  filesChosen: 'Chosen files',
  remove: 'Remove',
  retry: 'Retry',
  uploading: 'Uploading…',
  uploaded: 'Uploaded',
  uploadFailed: 'It could not be uploaded. Please try again.',
  filesPending: 'Please wait until every file is uploaded, or remove the ones that failed.',
} as const
