import { pathOf } from '../../../shared/routes'
import { formatWholeUsd } from '../../../shared/format'
import { formatDateIn, formatUsdIn } from '../../../shared/i18n/format'
import { messageIn } from '../../../shared/i18n/messages'
import { useLocale, useTexts } from '../../render/locale'
import { claimAdvanceTexts } from './texts/claim-advance'
import type { AdvanceStatus } from '../../../shared/claims/advance/advance-updated'
import { CLAIM_FILE_ACCEPT } from '../../../shared/claims/uploads'
import { FORM_TOKEN_FIELD } from '../../../shared/forms/form-token'
import { FLOOD_ADVANCE_WITH_DOCUMENTS_CENTS, FLOOD_ADVANCE_WITHOUT_DOCUMENTS_CENTS } from '../../../shared/claims/advance/advance-limits'
import type { AdvanceKind } from '../../../shared/claims/advance/advance-limits'
import type { Context } from 'hono'
import type { AppEnv } from '../../types'
import { claimAdvances, type ShownAdvance } from '../../services/claims/claim-advances'
import { issueFormToken } from '../../services/idempotency/form-tokens'
import { Confirmation } from '../../render/confirmation'
import { localDate } from '../../../shared/clock'
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

type AdvanceTexts = (typeof claimAdvanceTexts)['en']

/** A request's status in the page's words (the claims system's reason for a refusal is shown as it sent it). */
function statusWords(
  t: AdvanceTexts,
  s: { status: AdvanceStatus; amountCents: number | null; reason: string | null },
  money: (cents: number) => string,
): string {
  switch (s.status) {
    case 'requested':
      return t.statusRequested
    case 'received':
      return t.statusReceived
    case 'approved':
      return t.statusApproved(money(s.amountCents ?? 0))
    case 'declined':
      return t.statusDeclined(s.reason ?? '')
    case 'paid':
      return t.statusPaid(money(s.amountCents ?? 0))
  }
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  const locale = useLocale()
  return error ? (
    <p className="field__error" id={`${id}-error`}>
      {messageIn(locale, error)}
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

function FloodAdvanceForm({ claimNumber, token, state }: { claimNumber: string; token: string; state: AdvanceFormState }) {
  const t = useTexts(claimAdvanceTexts)
  return (
    <form
      method="post"
      action={action(claimNumber)}
      encType="multipart/form-data"
      className="form claim-page__advance-form"
      aria-labelledby="advance-form-heading"
    >
      <h3 id="advance-form-heading">{t.floodHeading}</h3>
      <p>{t.floodIntro(formatWholeUsd(FLOOD_ADVANCE_WITHOUT_DOCUMENTS_CENTS), formatWholeUsd(FLOOD_ADVANCE_WITH_DOCUMENTS_CENTS))}</p>
      <p>
        <strong>{t.deducted}</strong>
      </p>
      <input type="hidden" name={FORM_TOKEN_FIELD} value={token} />
      <TextField name="amount" label={t.amount} inputMode="decimal" state={state} />
      <Choice
        name="documentKind"
        legend={t.documentKind}
        options={[
          ['photos', t.photos],
          ['receipts', t.receipts],
          ['estimate', t.estimate],
        ]}
        state={state}
      />
      <FileField label={t.documentOptional} hint={t.fileHint} state={state} />
      <button type="submit" className="btn btn--primary">
        {t.floodHeading}
      </button>
    </form>
  )
}

function LivingExpensesForm({ claimNumber, token, state }: { claimNumber: string; token: string; state: AdvanceFormState }) {
  const t = useTexts(claimAdvanceTexts)
  return (
    <form
      method="post"
      action={action(claimNumber)}
      encType="multipart/form-data"
      className="form claim-page__advance-form"
      aria-labelledby="advance-form-heading"
    >
      <h3 id="advance-form-heading">{t.livingHeading}</h3>
      <p>
        {t.livingIntro} {t.livingDeducted}
      </p>
      <input type="hidden" name={FORM_TOKEN_FIELD} value={token} />
      <Choice
        name="canLiveInHome"
        legend={t.canLive}
        options={[
          ['no', t.livingElsewhere],
          ['yes', t.yes],
        ]}
        state={state}
      />
      <TextField name="amount" label={t.amount} inputMode="decimal" state={state} />
      <TextField name="periodFrom" label={t.periodFrom} type="date" state={state} />
      <TextField name="periodTo" label={t.periodTo} type="date" state={state} />
      <TextField name="purpose" label={t.purpose} hint={t.purposeHint} state={state} />
      <FileField label={t.receipt} hint={t.fileHint} state={state} />
      <button type="submit" className="btn btn--primary">
        {t.livingSubmit}
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
  const t = useTexts(claimAdvanceTexts)
  const locale = useLocale()
  const money = (cents: number) => formatUsdIn(locale, cents)
  const heading = p.kind === 'flood-advance' ? t.advancesHeading : t.livingExpensesHeading
  return (
    <section id="advance" className="claim-page__advance" aria-labelledby="advance-heading">
      <h2 id="advance-heading">{heading}</h2>
      {p.state.requested && <Confirmation>{t.requested}</Confirmation>}
      {Object.keys(p.state.errors).length > 0 && (
        <div className="alert alert--error" role="alert">
          <p>{t.notSent}</p>
          <ul>
            {Object.entries(p.state.errors).map(([field, message]) => (
              <li key={field}>
                <a href={`#f-advance-${field}`}>{messageIn(locale, message)}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {p.requests.length > 0 && (
        <ul className="claim-page__advances">
          {p.requests.map((r) => (
            <li key={r.id}>
              {t.asked(formatDateIn(locale, localDate(Date.parse(r.requestedAt), p.policyState)), money(r.amountCents))}
              {r.period ? t.period(formatDateIn(locale, r.period.from), formatDateIn(locale, r.period.to)) : ''}
              {r.documents > 0 ? (r.documents === 1 ? t.withOne : t.withMany(r.documents)) : t.without}
              {'. '}
              <strong className="claim-page__advance-status">{statusWords(t, r, money)}</strong>
            </li>
          ))}
        </ul>
      )}
      {p.closed ? (
        <p className="empty-text">{t.closed}</p>
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
