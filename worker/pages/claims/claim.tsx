import type { ReactNode } from 'react'
import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import { pathOf } from '../../../shared/routes'
import { formatDateIn } from '../../../shared/i18n/format'
import { useLocale, useTexts } from '../../render/locale'
import { requestLocale } from '../../lib/request-locale'
import { claimPageTexts } from './texts/claim-page'
import { messageIn } from '../../../shared/i18n/messages'
import { renderPage } from '../../render/render-page'
import { telHref } from '../../render/tel-links'
import { policyContext } from '../../middleware/guards'
import { claimCopyKey, claimPageData } from '../../db/claims/claim-page'
import { pdfResponse } from '../../services/policy/documents'
import { vendorDispatchOf } from '../../db/claims/vendor-dispatches'
import { VendorDispatchCard } from './vendor-dispatch-card'
import { notFoundPage } from '../not-found'
import { claimView, type ClaimView } from './claim-view'
import { SendDocumentForm, sendDocumentTexts } from './send-document-form'
import { issueFormToken } from '../../services/idempotency/form-tokens'
import { attachedUploadName } from '../../db/claims/claim-uploads'
import { definePage } from '../page'
import { recordClaimResponse } from './record-claim'
import { ClaimTracker } from './claim-tracker'
import { DocumentsChecklist } from './documents-checklist'
import { isOutstanding } from '../../../shared/claims/follow-up/document-checklist'
import { ConversationSection, type ConversationState } from './claim-conversation'
import { claimConversation } from '../../services/claims/claim-messages'
import { ClaimDeadlinesSection } from './claim-deadlines'
import { claimAdvanceSection, type AdvanceFormState } from './claim-advance'
import { LinkedClaimsSection } from './paired-claims'
import { linkedClaims } from '../../db/claims/claim-links'
import { payoutPart } from './claim-payout-part'
import type { PayoutFormState } from './payout-form'
import { Confirmation } from '../../render/confirmation'

/** The form token's name for the claim page's document form. */
export const SEND_DOCUMENT_FORM = 'claim-document'

/** The claim page's address under Claims History (the ClaimsHist route owns it, so its guards load the policy). */
export const claimPath = (claimNumber: string) => `${pathOf('ClaimsHist')}/${claimNumber}`
const claimCopyPath = (claimNumber: string) => `${claimPath(claimNumber)}/copy`

const CLAIM_NUMBER = /^[A-Z]{2}-\d{4}-\d{6}$/

const Day = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDateIn(useLocale(), iso)}</time>

function kilobytes(bytes: number): string {
  return bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`
}

function ProofOfLoss({ due, daysLeft, claimsPhone }: NonNullable<ClaimView['proofOfLoss']> & { claimsPhone: string }) {
  const t = useTexts(claimPageTexts)
  const left = daysLeft > 1 ? t.daysLeft(daysLeft) : daysLeft === 1 ? t.oneDayLeft : daysLeft === 0 ? t.dueToday : t.datePassed
  return (
    <section className="alert alert--warning claim-page__deadline" aria-labelledby="proof-of-loss-heading">
      <div>
        <h2 id="proof-of-loss-heading">
          {t.proofOfLossDue} <Day iso={due} /> ({left})
        </h2>
        <p>{t.proofOfLossWhat}</p>
        <p>
          {t.proofOfLossMoreTime}{' '}
          <a className="tel" href={telHref(claimsPhone)}>
            {claimsPhone}
          </a>{' '}
          {t.proofOfLossBefore}
        </p>
      </div>
    </section>
  )
}

interface ClaimPageProps {
  claim: ClaimView
  /** Where the PDF copy of the report downloads; null for a claim reported elsewhere. */
  copyHref: string | null
  claimsPhone: string
  vendor: ReactNode
  /** The document form of an open claim (beside what is requested, if anything is); null once closed. */
  sendForm: ReactNode
  /** The name of the document just sent, thanked for above the list. */
  sentName: string | null
  /** The conversation with the claims team (decision 208). */
  conversation: ReactNode
  /** Advance payments or living expenses (decision 211). */
  advance?: ReactNode
  /** The claim of the same loss on the other policy of the home (decision 213). */
  linked?: ReactNode
  /** The payments and how the policyholder gets paid (decision 210). */
  payout: ReactNode
}

function ClaimPageView({ claim: v, copyHref, claimsPhone, vendor, sendForm, sentName, conversation, advance, linked, payout }: ClaimPageProps) {
  const t = useTexts(claimPageTexts)
  const sendT = useTexts(sendDocumentTexts)
  const formBesideRequest = v.checklist.length > 0 && !v.closed
  return (
    <section className="card servicing claim-page" aria-labelledby="claim-heading">
      <h1 id="claim-heading">{t.heading(v.claimNumber)}</h1>
      <dl className="claim-page__numbers">
        <dt>{t.claimNumber}</dt>
        <dd>{v.claimNumber}</dd>
        {v.carrierClaimNumber && (
          <>
            <dt>{t.carrierClaimNumber}</dt>
            <dd>{v.carrierClaimNumber}</dd>
          </>
        )}
      </dl>
      <p>
        {t.callLead}{' '}
        <a className="tel" href={telHref(claimsPhone)}>
          {claimsPhone}
        </a>
        {t.quoteLead} <strong>{v.quote}</strong>.
      </p>
      {copyHref && (
        <p>
          <a href={copyHref} type="application/pdf" className="document-link" download>
            {t.copyLink}
          </a>
        </p>
      )}

      {linked}

      {v.proofOfLoss && <ProofOfLoss {...v.proofOfLoss} claimsPhone={claimsPhone} />}

      {formBesideRequest && (
        <section className="alert alert--info claim-page__requested" aria-labelledby="requested-heading">
          <div>
            <h2 id="requested-heading">{t.documentsRequested}</h2>
            <DocumentsChecklist lines={v.checklist} />
            {sendForm}
          </div>
        </section>
      )}

      <h2>{t.status}</h2>
      <p className="claim-page__status">
        <strong>{v.statusWords}</strong>
      </p>

      <ClaimTracker steps={v.steps} claimsPhone={claimsPhone} />
      <ClaimDeadlinesSection deadlines={v.deadlines} />

      <h2>{t.whatNext}</h2>
      <p>{v.next.text}</p>
      {v.next.by && (
        <p>
          {v.next.by.label}: <strong>{v.next.by.date}</strong>
        </p>
      )}

      {v.adjuster && (
        <>
          <h2>{t.yourAdjuster}</h2>
          <p>
            <bdi>{v.adjuster.name}</bdi>
            <br />
            {t.phone}{' '}
            <a className="tel" href={telHref(v.adjuster.phone)}>
              {v.adjuster.phone}
            </a>
            <br />
            {t.email} <a href={`mailto:${v.adjuster.email}`}>{v.adjuster.email}</a>
          </p>
        </>
      )}

      <h2>{t.whatHappened}</h2>
      <ol className="claim-page__timeline">
        {v.timeline.map((line, i) => (
          <li key={i}>
            <Day iso={line.date} />: <bdi>{line.text}</bdi>
          </li>
        ))}
      </ol>

      {payout}

      {vendor}

      {conversation}

      {/* Documents sent: what claim_files holds; the form adds one (issue 19 item 4). */}
      <section id="documents-sent" aria-labelledby="documents-sent-heading">
        <h2 id="documents-sent-heading">{t.documentsSent}</h2>
        {sentName !== null && <Confirmation>{sendT.sent(sentName)}</Confirmation>}
        {v.files.length === 0 ? (
          <p className="empty-text">{t.noDocuments}</p>
        ) : (
          <ul>
            {v.files.map((f, i) => (
              <li key={i}>
                <bdi>{f.file_name}</bdi> ({kilobytes(f.size_bytes)})
              </li>
            ))}
          </ul>
        )}
        {!formBesideRequest && sendForm}
      </section>

      {advance}

      <p>
        <a href={pathOf('ClaimsHist')}>{t.back}</a>
      </p>
    </section>
  )
}

export interface ClaimPageState {
  status?: 200 | 400 | 404 | 409 | 413 | 415 | 429
  /** Why the document just sent was refused. */
  sendError?: string | null
  /** A document just added (its upload id, from the redirect's query). */
  added?: string | null
  /** The message form's outcome (decision 208). */
  message?: Partial<ConversationState>
  /** The advance form's outcome (decision 211). */
  advance?: Partial<AdvanceFormState>
  /** The payout form's outcome (decision 210). */
  payout?: Partial<PayoutFormState>
}

/** The claim page of the loaded policy's claim, or the 404 page for any other number. */
export async function claimPageResponse(c: Context<AppEnv>, rawClaimNumber: string, state: ClaimPageState = {}): Promise<Response> {
  const { policy } = policyContext(c)
  const claimNumber = rawClaimNumber.toUpperCase()
  const data = CLAIM_NUMBER.test(claimNumber) ? await claimPageData(c.env.DB, policy.policyID, claimNumber) : null
  if (!data) return recordClaimResponse(c, policy, claimNumber)
  const locale = requestLocale(c)
  const view = claimView(data, policy.state, Date.now(), locale)
  const vendor = <VendorDispatchCard dispatch={await vendorDispatchOf(c.env.DB, claimNumber)} state={policy.state} claimsPhone={c.env.CLAIMS_PHONE} />
  // A closed claim has no form; a document sent just as it closed is told why it was refused.
  const sendForm = !view.closed ? (
    <SendDocumentForm
      claimNumber={claimNumber}
      token={await issueFormToken(c, SEND_DOCUMENT_FORM)}
      error={state.sendError ?? null}
      requests={view.checklist.filter((l) => isOutstanding(l.state))}
    />
  ) : state.sendError ? (
    <p className="alert alert--error" role="alert">
      {messageIn(requestLocale(c), state.sendError)}
    </p>
  ) : null
  const sentName = state.added ? await attachedUploadName(c.env.DB, claimNumber, state.added) : null
  const copyHref = data.claim.pdf_key ? claimCopyPath(claimNumber) : null
  // Reading the page reads the team's replies.
  const messages = await claimConversation(c.env, { policyId: policy.policyID, claimNumber, now: Date.now(), markRead: true })
  const conversation = messages && (
    <ConversationSection policy={policy} claimNumber={claimNumber} conversation={messages} state={{ error: null, draft: '', sent: false, ...state.message }} />
  )
  return renderPage(
    c,
    <ClaimPageView
      claim={view}
      copyHref={copyHref}
      claimsPhone={c.env.CLAIMS_PHONE}
      vendor={vendor}
      sendForm={sendForm}
      sentName={sentName}
      conversation={conversation}
      advance={await claimAdvanceSection(c, policy.policyID, claimNumber, state.advance)}
      linked={<LinkedClaimsSection links={await linkedClaims(c.env.DB, claimNumber)} />}
      payout={await payoutPart(c, policy, view, state.payout)}
    />,
    {
      title: claimPageTexts[locale].title(view.claimNumber),
      status: state.status,
    },
  )
}

export const claimPage = definePage('ClaimsHist')

/** The PDF copy of what the policyholder reported (issue 21's PDF finding: offered on the claim page). */
claimPage.get('/:claimNumber/copy', async (c) => {
  const { policy } = policyContext(c)
  const claimNumber = c.req.param('claimNumber').toUpperCase()
  const key = CLAIM_NUMBER.test(claimNumber) ? await claimCopyKey(c.env.DB, policy.policyID, claimNumber) : null
  const object = key ? await c.env.DOCS.get(key) : null
  if (!object) return notFoundPage(c)
  return pdfResponse({ ok: true, body: object.body as ReadableStream, size: object.size, fileName: `Claim ${claimNumber}.pdf` })
})

claimPage.get('/:claimNumber', (c) =>
  claimPageResponse(c, c.req.param('claimNumber'), {
    added: c.req.query('added') ?? null,
    message: { sent: c.req.query('sent') === 'message' },
    advance: { requested: c.req.query('sent') === 'advance' },
    payout: { saved: c.req.query('sent') === 'payout' },
  }),
)
