import type { FieldErrors } from '../../../shared/forms/field-errors'
import { pathOf } from '../../../shared/routes'
import { CLAIM_IDENTITY_FIELD_ORDER, CLAIM_IDENTITY_MSG, claimIdentitySchema } from '../../../shared/identity/schemas/claim-identity'
import { renderPage } from '../../render/render-page'
import { ErrorSummary, Field, firstErrorOf } from '../../render/form'
import { submittedForm } from '../../render/form-page'
import { PhoneLink } from '../../render/tel-links'
import { tooManyPage } from '../../render/too-many-page'
import { pageIpBurst } from '../../middleware/page-refusals'
import { TOO_MANY } from '../../middleware/rate-rules'
import { startClaimAccess } from '../../services/identity/claim-access'
import { clientMeta } from '../../services/request/client-meta'
import { writeSessionCookie } from '../../services/identity/session-cookie'
import { definePage } from '../page'
import { defineTexts } from '../../../shared/i18n/catalog'
import { messageIn } from '../../../shared/i18n/messages'
import { useLocale } from '../../render/locale'
import { requestLocale } from '../../lib/request-locale'

/** Texts of the page (ours; decision 220), in both languages (issue 36). */
const CLAIM_WITHOUT_SIGN_IN_TEXT = defineTexts(
  {
    heading: 'Report a Claim',
    lead: 'You can report a claim without signing in. Tell us who you are, then fill in the claim form.',
    callLead: 'Or call our claims line, 24 hours a day:',
    eitherLegend: 'The ZIP code of the insured property, or your date of birth *',
    notOnline: 'A claim on this policy cannot be reported online. Please call our claims line to report it:',
    signInLead: 'Have an account?',
    policyNumber: 'Policy Number',
    lastName: 'Last Name',
    zipCode: 'ZIP Code',
    birthDate: 'Date of Birth',
    submit: 'Continue to the Claim Form',
    logIn: 'Log in',
  },
  {
    heading: 'Reportar un reclamo',
    lead: 'Puede reportar un reclamo sin iniciar sesión. Díganos quién es usted y luego llene el formulario del reclamo.',
    callLead: 'O llame a nuestra línea de reclamos, las 24 horas del día:',
    eitherLegend: 'El código postal de la propiedad asegurada, o su fecha de nacimiento *',
    notOnline: 'Un reclamo de esta póliza no se puede reportar en línea. Llame a nuestra línea de reclamos para reportarlo:',
    signInLead: '¿Tiene una cuenta?',
    policyNumber: 'Número de póliza',
    lastName: 'Apellido',
    zipCode: 'Código postal',
    birthDate: 'Fecha de nacimiento',
    submit: 'Continuar al formulario del reclamo',
    logIn: 'Iniciar sesión',
  },
)

interface ViewProps {
  typed: Record<string, string>
  errors: FieldErrors
  /** The refusal after a check: one sentence, whatever did not match. */
  refusal: string | null
  claimsPhone: string
}

function ReportWithoutSignInView({ typed, errors, refusal, claimsPhone }: ViewProps) {
  const first = refusal ? undefined : firstErrorOf(errors, CLAIM_IDENTITY_FIELD_ORDER)
  const locale = useLocale()
  const T = CLAIM_WITHOUT_SIGN_IN_TEXT[locale]
  return (
    <section className="card narrow" aria-labelledby="claim-access-heading">
      <h1 id="claim-access-heading">{T.heading}</h1>
      <p>{T.lead}</p>
      <p>
        {T.callLead} <PhoneLink phone={claimsPhone} />
      </p>
      {refusal && (
        <div className="alert alert--error" role="alert" tabIndex={-1} autoFocus>
          {/* One flex item (.alert is a flex row): the number wraps with the sentence instead of running past a phone's edge. */}
          <span>
            {messageIn(locale, refusal)} <PhoneLink phone={claimsPhone} />
          </span>
        </div>
      )}
      <ErrorSummary
        errors={errors}
        order={CLAIM_IDENTITY_FIELD_ORDER}
        labels={{ policyId: T.policyNumber, lastName: T.lastName, zipCode: T.zipCode, birthDate: T.birthDate }}
      />
      <form method="post" action={pathOf('ReportClaimWithoutSignIn')} noValidate>
        <Field
          name="policyId"
          label={`${T.policyNumber} *`}
          errors={errors}
          firstError={first}
          defaultValue={typed.policyId ?? ''}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={20}
          required
        />
        <Field
          name="lastName"
          label={`${T.lastName} *`}
          errors={errors}
          firstError={first}
          defaultValue={typed.lastName ?? ''}
          autoComplete="family-name"
          maxLength={60}
          required
        />
        <fieldset className="fieldset">
          <legend>{T.eitherLegend}</legend>
          <Field
            name="zipCode"
            label={T.zipCode}
            errors={errors}
            firstError={first}
            defaultValue={typed.zipCode ?? ''}
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={10}
          />
          <Field name="birthDate" label={T.birthDate} type="date" errors={errors} firstError={first} defaultValue={typed.birthDate ?? ''} autoComplete="bday" />
        </fieldset>
        <div className="actions">
          <button type="submit" className="btn btn--primary">
            {T.submit}
          </button>
        </div>
      </form>
      <p>
        {T.signInLead} <a href={pathOf('Login')}>{T.logIn}</a>
      </p>
    </section>
  )
}

/**
 * /report-a-claim (issue 35 item 1, decision 220): report a claim without signing in. The details open
 * a claim session for that one policy (Report a Claim and its confirmation, nothing else) and lead to
 * the same claim form as a signed-in person's; no account is created.
 */
export const reportWithoutSignInPage = definePage('ReportClaimWithoutSignIn')

reportWithoutSignInPage.get('/', (c) => renderPage(c, <ReportWithoutSignInView typed={{}} errors={{}} refusal={null} claimsPhone={c.env.CLAIMS_PHONE} />))

reportWithoutSignInPage.post('/', pageIpBurst, async (c) => {
  const form = await submittedForm(c, claimIdentitySchema)
  const view = (errors: FieldErrors, refusal: string | null, status: 200 | 400) =>
    renderPage(c, <ReportWithoutSignInView typed={form.typed} errors={errors} refusal={refusal} claimsPhone={c.env.CLAIMS_PHONE} />, { status })
  if (!form.ok) return view(form.errors, null, 400)
  const access = await startClaimAccess(c.env, form.data, clientMeta(c))
  switch (access.kind) {
    case 'too-many':
      c.header('Retry-After', String(access.retryAfterSeconds))
      return tooManyPage(c, TOO_MANY)
    case 'no-match':
      return view({}, CLAIM_IDENTITY_MSG.noMatch, 200)
    case 'call':
      return view({}, CLAIM_WITHOUT_SIGN_IN_TEXT[requestLocale(c)].notOnline, 200)
    case 'started':
      writeSessionCookie(c, access.token.accountToken)
      c.header('Cache-Control', 'no-store')
      return c.redirect(pathOf('ReportClaim'), 303)
  }
})
