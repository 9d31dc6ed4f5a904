import { pathOf } from '../../../shared/routes'
import { formatDate, formatUsd, formatWholeUsd } from '../../../shared/format'
import { CLAIM_FILE_ACCEPT } from '../../../shared/claims/uploads'
import { FORM_TOKEN_FIELD } from '../../../shared/forms/form-token'
import { ADVANCE_TEXT, FLOOD_ADVANCE_WITH_DOCUMENTS_CENTS, FLOOD_ADVANCE_WITHOUT_DOCUMENTS_CENTS } from '../../../shared/claims/advance/advance-limits'
import { advanceStatusWords } from '../../../shared/claims/advance/advance-updated'
import type { AdvanceKind } from '../../../shared/claims/advance/advance-limits'
import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import { claimAdvances, type ShownAdvance } from '../../services/claims/claim-advances'
import { issueFormToken } from '../../services/idempotency/form-tokens'
import { CLAIM_FILE_KINDS } from '../../../shared/claims/uploads'
import { Confirmation } from '../../render/confirmation'
import { localDateText } from '../../../shared/clock'
import { policyContext } from '../../middleware/guards'

/**
 * The claim page's payment requests (issue 33 item 2, decision 211): on a flood claim 'Request an
 * advance payment', on a homeowners claim additional living expenses, each with the status the claims
 * system sent back. A plain multipart form (fields first, the file last: worker/services/request/
 * multipart-file.ts), so it works without JavaScript.
 */
export const ADVANCE_FORM = 'claim-advance'

export interface AdvanceFormState {
  /** Errors by field name (amount, documentKind, canLiveInHome, periodFrom, periodTo, purpose, file). */
  errors: Record<string, string>
  /** What was typed, shown again after a refusal. */
  values: Record<string, string>
  requested: boolean
}

const action = (claimNumber: string) => `${pathOf('ClaimAdvance')}?claim=${encodeURIComponent(claimNumber)}`

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p className="field__error" id={`${id}-error`}>
      {error}
    </p>
  ) : null
}

function TextField(p: { name: string; label: string; hint?: string; type?: string; state: AdvanceFormState; inputMode?: 'decimal' }) {
  const id = `f-advance-${p.name}`
  const error = p.state.errors[p.name]
  const described = [p.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <label htmlFor={id}>{p.label}</label>
      {p.hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {p.hint}
        </p>
      )}
      <input
        id={id}
        name={p.name}
        type={p.type ?? 'text'}
        inputMode={p.inputMode}
        defaultValue={p.state.values[p.name] ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      <FieldError id={id} error={error} />
    </div>
  )
}

function Choice(p: { name: string; legend: string; options: readonly (readonly [string, string])[]; state: AdvanceFormState }) {
  const error = p.state.errors[p.name]
  return (
    <fieldset className={error ? 'field field--error' : 'field'} aria-describedby={error ? `f-advance-${p.name}-error` : undefined}>
      <legend>{p.legend}</legend>
      {p.options.map(([value, label]) => (
        <div className="choice" key={value}>
          <input type="radio" id={`f-advance-${p.name}-${value}`} name={p.name} value={value} defaultChecked={p.state.values[p.name] === value} />
          <label htmlFor={`f-advance-${p.name}-${value}`}>{label}</label>
        </div>
      ))}
      <FieldError id={`f-advance-${p.name}`} error={error} />
    </fieldset>
  )
}

function FileField({ label, hint, state }: { label: string; hint: string; state: AdvanceFormState }) {
  const error = state.errors.file
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <label htmlFor="f-advance-file">{label}</label>
      <p className="field__hint" id="f-advance-file-hint">
        {hint}
      </p>
      <input
        id="f-advance-file"
        type="file"
        name="file"
        accept={CLAIM_FILE_ACCEPT}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'f-advance-file-hint f-advance-file-error' : 'f-advance-file-hint'}
      />
      <FieldError id="f-advance-file" error={error} />
    </div>
  )
}

const FILE_HINT = `One file, ${CLAIM_FILE_KINDS} It is added to your claim’s documents.`

function FloodAdvanceForm({ claimNumber, token, state }: { claimNumber: string; token: string; state: AdvanceFormState }) {
  return (
    <form
      method="post"
      action={action(claimNumber)}
      encType="multipart/form-data"
      className="form claim-page__advance-form"
      aria-labelledby="advance-form-heading"
    >
      <h3 id="advance-form-heading">Request an advance payment</h3>
      <p>
        {`You can ask for up to ${formatWholeUsd(FLOOD_ADVANCE_WITHOUT_DOCUMENTS_CENTS)} now without documents, or up to ${formatWholeUsd(FLOOD_ADVANCE_WITH_DOCUMENTS_CENTS)} with a photo of the damage, a receipt or a contractor’s estimate (FEMA’s NFIP advance payment rule).`}
      </p>
      <p>
        <strong>{ADVANCE_TEXT.deducted}</strong>
      </p>
      <input type="hidden" name={FORM_TOKEN_FIELD} value={token} />
      <TextField name="amount" label="Amount (in dollars)" inputMode="decimal" state={state} />
      <Choice
        name="documentKind"
        legend="If you add a document, it is"
        options={[
          ['photos', 'A photo of the damage'],
          ['receipts', 'A receipt for what you paid'],
          ['estimate', 'A contractor’s estimate'],
        ]}
        state={state}
      />
      <FileField label="Document (optional)" hint={FILE_HINT} state={state} />
      <button type="submit" className="btn btn--primary">
        Request an advance payment
      </button>
    </form>
  )
}

function LivingExpensesForm({ claimNumber, token, state }: { claimNumber: string; token: string; state: AdvanceFormState }) {
  return (
    <form
      method="post"
      action={action(claimNumber)}
      encType="multipart/form-data"
      className="form claim-page__advance-form"
      aria-labelledby="advance-form-heading"
    >
      <h3 id="advance-form-heading">Request additional living expenses</h3>
      <p>
        If the damage means you cannot live in your home, your policy’s loss of use coverage pays the extra costs of living elsewhere (a hotel or rent, meals
        beyond your usual, laundry, mileage). Send a receipt with each request. {ADVANCE_TEXT.livingExpensesDeducted}
      </p>
      <input type="hidden" name={FORM_TOKEN_FIELD} value={token} />
      <Choice
        name="canLiveInHome"
        legend="Can you live in your home now?"
        options={[
          ['no', 'No, I am living elsewhere because of the damage'],
          ['yes', 'Yes'],
        ]}
        state={state}
      />
      <TextField name="amount" label="Amount (in dollars)" inputMode="decimal" state={state} />
      <TextField name="periodFrom" label="First day of these expenses" type="date" state={state} />
      <TextField name="periodTo" label="Last day of these expenses" type="date" state={state} />
      <TextField name="purpose" label="What were they for?" hint="For example: hotel, 4 nights; meals." state={state} />
      <FileField label="Receipt" hint={FILE_HINT} state={state} />
      <button type="submit" className="btn btn--primary">
        Request living expenses
      </button>
    </form>
  )
}

function AdvanceSection(p: {
  claimNumber: string
  kind: AdvanceKind
  closed: boolean
  requests: readonly ShownAdvance[]
  token: string
  state: AdvanceFormState
  /** The policy's state: its clock dates the requests (issue 35). */
  policyState: string
}) {
  const heading = p.kind === 'flood-advance' ? 'Advance payments' : 'Additional living expenses'
  return (
    <section id="advance" className="claim-page__advance" aria-labelledby="advance-heading">
      <h2 id="advance-heading">{heading}</h2>
      {p.state.requested && <Confirmation>Thank you. Your request is on its way to the claims team; its status shows below.</Confirmation>}
      {Object.keys(p.state.errors).length > 0 && (
        <div className="alert alert--error" role="alert">
          <p>Your request was not sent:</p>
          <ul>
            {Object.entries(p.state.errors).map(([field, message]) => (
              <li key={field}>
                <a href={`#f-advance-${field}`}>{message}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {p.requests.length > 0 && (
        <ul className="claim-page__advances">
          {p.requests.map((r) => (
            <li key={r.id}>
              {`${localDateText(Date.parse(r.requestedAt), p.policyState)}: ${formatUsd(r.amountCents)} asked`}
              {r.period ? ` for ${formatDate(r.period.from)} to ${formatDate(r.period.to)}` : ''}
              {r.documents > 0 ? ` with ${r.documents === 1 ? '1 document' : `${r.documents} documents`}` : ' without documents'}
              {'. '}
              <strong className="claim-page__advance-status">{advanceStatusWords(r, formatUsd)}</strong>
            </li>
          ))}
        </ul>
      )}
      {p.closed ? (
        <p className="empty-text">This claim is closed, so it takes no new requests.</p>
      ) : p.kind === 'flood-advance' ? (
        <FloodAdvanceForm claimNumber={p.claimNumber} token={p.token} state={p.state} />
      ) : (
        <LivingExpensesForm claimNumber={p.claimNumber} token={p.token} state={p.state} />
      )}
    </section>
  )
}

/** The section for the policy's claim (null when it is not the policy's), with a fresh form token. */
export async function claimAdvanceSection(c: Context<AppEnv>, policyId: string, claimNumber: string, state: Partial<AdvanceFormState> = {}) {
  const found = await claimAdvances(c.env, { policyId, claimNumber })
  if (!found) return null
  return (
    <AdvanceSection
      claimNumber={claimNumber}
      kind={found.kind}
      closed={found.closed}
      requests={found.requests}
      token={found.closed ? '' : await issueFormToken(c, ADVANCE_FORM)}
      state={{ errors: {}, values: {}, requested: false, ...state }}
      policyState={policyContext(c).policy.state}
    />
  )
}
