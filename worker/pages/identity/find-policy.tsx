import { pathOf } from '../../../shared/routes'
import { findPolicySchema } from '../../../shared/identity/schemas/find-policy'
import type { FieldErrors } from '../../../shared/forms/field-errors'
import { findPolicyBackTarget, findPolicyOutcome } from '../../../shared/identity/find-policy'
import { renderPage } from '../../render/render-page'
import { ErrorSummary, Field, firstErrorOf } from '../../render/form'
import { submittedForm } from '../../render/form-page'
import { pageIpBurst, pageRateLimit } from '../../middleware/page-refusals'
import { RATE_RULES } from '../../middleware/rate-rules'
import { verifyPolicy } from '../../services/identity/policy-linking'
import type { ProfileView } from '../../services/identity/profile'
import { currentProfile, FormAlert } from './parts'
import { useTexts } from '../../render/locale'
import { partsTexts } from './texts/parts'
import { linkingTexts } from './texts/profile'
import { definePage } from '../page'

const ORDER = ['policyId'] as const

function FindPolicyView({ value, errors, message, backHref }: { value: string; errors: FieldErrors; message: string | null; backHref: string }) {
  const first = firstErrorOf(errors, ORDER)
  const t = useTexts(linkingTexts)
  const common = useTexts(partsTexts)
  return (
    <section className="card narrow" aria-labelledby="find-heading">
      <h1 id="find-heading">{t.findHeading}</h1>
      <FormAlert message={message} focus={!first} />
      <ErrorSummary errors={errors} order={ORDER} />
      <form method="post" action={pathOf('FindPolicy')} noValidate>
        <Field
          name="policyId"
          label={common.policyNumberRequired}
          errors={errors}
          firstError={first}
          defaultValue={value}
          hint={t.policyHint}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={20}
          required
        />
        <div className="actions">
          <a className="btn btn--secondary" href={backHref}>
            {common.back}
          </a>
          <button type="submit" className="btn btn--primary">
            {common.continue}
          </button>
        </div>
      </form>
    </section>
  )
}

function backHref(profile: ProfileView | null): string {
  return pathOf(findPolicyBackTarget({ profileLoaded: profile !== null, sendToProgressive: profile?.sendToProgressive ?? false }))
}

export const findPolicyPage = definePage('FindPolicy')

findPolicyPage.get('/', async (c) => {
  const profile = await currentProfile(c)
  return renderPage(c, <FindPolicyView value="" errors={{}} message={null} backHref={backHref(profile)} />, {
    sendToProgressive: profile?.sendToProgressive ?? false,
  })
})

/** Continue: the verification, then spec 000 section 4 "Find policy" decides where to go. */
findPolicyPage.post('/', pageIpBurst, pageRateLimit(RATE_RULES.findPolicy), async (c) => {
  const form = await submittedForm(c, findPolicySchema)
  const profile = await currentProfile(c)
  const view = (errors: FieldErrors, message: string | null, status: 200 | 400) =>
    renderPage(c, <FindPolicyView value={form.typed.policyId ?? ''} errors={errors} message={message} backHref={backHref(profile)} />, {
      status,
      sendToProgressive: profile?.sendToProgressive ?? false,
    })
  if (!form.ok) return view(form.errors, null, 400)
  const policyId = form.data.policyId
  const result = await verifyPolicy(c.env, policyId, profile?.profileId ?? null)
  const outcome = findPolicyOutcome(result, { profileLoaded: profile !== null, profileFlagged: profile?.sendToProgressive ?? false })
  if (outcome.kind === 'message') return view({}, outcome.message, 200)
  if (outcome.to === 'GreatNews') return c.redirect(pathOf('GreatNews'), 303)
  return c.redirect(`${pathOf(outcome.to)}?${new URLSearchParams({ policyId })}`, 303)
})
