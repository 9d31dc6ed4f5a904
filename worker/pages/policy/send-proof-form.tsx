import type { Policy } from '../../../shared/policy/schemas/policy'
import { pathOf } from '../../../shared/routes'
import type { FieldErrors } from '../../../shared/forms/field-errors'
import { shownMortgagees } from '../../../shared/policy/mortgagees'
import { OTHER_RECIPIENT, SEND_PROOF_TEXTS } from '../../../shared/policy/send-proof'
import { useTexts } from '../../render/locale'
import { FORM_TOKEN_FIELD } from '../../../shared/forms/form-token'
import { Field, firstErrorOf } from '../../render/form'
import type { Typed } from '../../render/form-page'
import type { SentProof } from '../../services/policy/send-proof'
import { Confirmation } from '../../render/confirmation'

/** The POST of 'Send to my lender': under the Policy Summary, so its route's guards apply. */
/** The form's address, under the Dashboard. */
export const SEND_PROOF = '/send-proof-of-insurance'
const SEND_PROOF_PATH = `${pathOf('PolicyOverview')}${SEND_PROOF}`
/** The one-time form token's form name. */
export const SEND_PROOF_FORM = 'send-proof'

/** What the form shows: its token, and after a POST what was typed and its errors, or what was sent. */
export interface SendProofState {
  formToken: string
  typed?: Typed
  errors?: FieldErrors
  sent?: SentProof
}

function Sent({ sent }: { sent: SentProof }) {
  const t = useTexts(SEND_PROOF_TEXTS)
  return (
    <Confirmation block>
      {t.sent(sent.to)} {sent.copyTo ? t.copied(sent.copyTo) : t.noCopy}
    </Confirmation>
  )
}

/** 'Send to my lender' under 'Get proof of insurance' (issue 24): a plain form in a details, no script. */
export function SendProofForm({ policy, state }: { policy: Policy; state: SendProofState }) {
  const errors = state.errors ?? {}
  const typed = state.typed ?? {}
  const mortgagees = shownMortgagees(policy)
  const t = useTexts(SEND_PROOF_TEXTS)
  return (
    <details className="send-proof" open={state.errors || state.sent ? true : undefined}>
      <summary>{t.summary}</summary>
      {state.sent && <Sent sent={state.sent} />}
      <p>{t.intro}</p>
      <form method="post" action={SEND_PROOF_PATH} className="form" noValidate>
        <input type="hidden" name={FORM_TOKEN_FIELD} value={state.formToken} />
        {mortgagees.length > 0 && (
          <div className="field">
            <label htmlFor="f-recipient">{t.recipientLabel}</label>
            <select id="f-recipient" name="recipient" defaultValue={typed.recipient ?? String(mortgagees[0]!.mortgageeId)}>
              {mortgagees.map((m) => (
                <option key={m.mortgageeId} value={String(m.mortgageeId)}>
                  {m.loanId ? t.loan(m.name, m.loanId) : m.name}
                </option>
              ))}
              <option value={OTHER_RECIPIENT}>{t.otherRecipient}</option>
            </select>
          </div>
        )}
        <Field
          name="email"
          type="email"
          label={t.emailLabel}
          errors={errors}
          firstError={firstErrorOf(errors, ['email'])}
          defaultValue={typed.email ?? ''}
          autoComplete="off"
          maxLength={254}
        />
        <button type="submit" className="btn btn--secondary">
          {t.submit}
        </button>
      </form>
    </details>
  )
}
