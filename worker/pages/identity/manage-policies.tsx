import { pathOf } from '../../../shared/routes'
import { nicknameSchema } from '../../../shared/identity/schemas/nickname'
import type { FieldErrors } from '../../../shared/forms/field-errors'
import { canRemovePolicy, NICKNAME_MAX } from '../../../shared/identity/nickname'
import { normalizePolicyNumber } from '../../../shared/policy/policy-number'
import { planDescription } from '../../../shared/policy/plans'
import { renderPage } from '../../render/render-page'
import { Field } from '../../render/form'
import { submittedForm } from '../../render/form-page'
import { clientMeta } from '../../services/request/client-meta'
import { renamePolicy } from '../../services/identity/policy-linking'
import { setFlash } from '../../services/request/flash'
import type { ProfileView } from '../../services/identity/profile'
import { currentProfile } from './parts'
import { useLocale, useTexts } from '../../render/locale'
import { partsTexts } from './texts/parts'
import { policiesTexts } from './texts/profile'
import { RemovePolicy } from './remove-policy'
import { definePage } from '../page'

type Editing = { policyId: string; value: string; errors: FieldErrors } | null

/**
 * Your Policies (spec 000 section 2): each linked policy with its read-only id and Remove, then its
 * nickname with an Edit/Save toggle. Without script, Edit is a round trip (?edit=ID) that opens the field
 * and focuses it; Save posts the nickname back here.
 */
function ManagePoliciesView({ profile, editing }: { profile: ProfileView; editing: Editing }) {
  const removable = canRemovePolicy(profile.policies.length)
  const t = useTexts(policiesTexts)
  const locale = useLocale()
  const common = useTexts(partsTexts)
  return (
    <section className="card narrow" aria-labelledby="policies-heading">
      <h1 id="policies-heading">{t.heading}</h1>
      <ul className="profile-policies">
        {profile.policies.map((p) => {
          const isEditing = editing?.policyId === p.policyId
          return (
            <li key={p.policyId} className="profile-policy">
              <h2 className="profile-policy__plan">{planDescription(p.planID, locale)}</h2>
              {/* Spec 000 order: the read-only id with Remove, then the nickname with Edit/Save, in one aligned grid. */}
              <div className="profile-policy__row">
                <div className="field">
                  <label htmlFor={`policy-${p.policyId}`}>
                    {t.policyId}
                    <span className="visually-hidden">{t.ofPlanPolicy(planDescription(p.planID, locale))}</span>
                  </label>
                  <input id={`policy-${p.policyId}`} value={p.policyId} readOnly />
                </div>
                <RemovePolicy policyId={p.policyId} disabled={!removable} />
              </div>
              {isEditing ? (
                <form method="post" action={pathOf('ManagePolicies')} className="profile-nickname profile-policy__row" noValidate>
                  <input type="hidden" name="policyId" value={p.policyId} />
                  <Field
                    name="nickname"
                    label={
                      <>
                        {t.nickname}
                        <span className="visually-hidden">{t.ofPolicy(p.policyId)}</span>
                      </>
                    }
                    errors={editing.errors}
                    firstError="nickname"
                    defaultValue={editing.value}
                    maxLength={NICKNAME_MAX}
                    autoComplete="off"
                  />
                  <button type="submit" className="btn btn--primary">
                    {t.save}
                    <span className="visually-hidden">{t.nicknameOfPolicy(p.policyId)}</span>
                  </button>
                </form>
              ) : (
                <form method="get" action={pathOf('ManagePolicies')} className="profile-nickname profile-policy__row">
                  <input type="hidden" name="edit" value={p.policyId} />
                  <div className="field">
                    <label htmlFor={`nickname-${p.policyId}`}>
                      {t.nickname}
                      <span className="visually-hidden">{t.ofPolicy(p.policyId)}</span>
                    </label>
                    <input id={`nickname-${p.policyId}`} value={p.policyNickname} readOnly />
                  </div>
                  <button type="submit" className="btn btn--secondary">
                    {t.edit}
                    <span className="visually-hidden">{t.nicknameOfPolicy(p.policyId)}</span>
                  </button>
                </form>
              )}
            </li>
          )
        })}
      </ul>
      <div className="actions">
        <a className="btn btn--secondary" href={pathOf('AccountHome')}>
          {common.back}
        </a>
        <a className="btn btn--primary" href={pathOf('FindPolicy')}>
          {t.addPolicy}
        </a>
      </div>
    </section>
  )
}

export const managePoliciesPage = definePage('ManagePolicies')

managePoliciesPage.get('/', async (c) => {
  const profile = await currentProfile(c)
  if (!profile) return c.redirect(pathOf('Error'), 303)
  const edit = normalizePolicyNumber(c.req.query('edit') ?? '')
  const target = profile.policies.find((p) => p.policyId === edit)
  const editing: Editing = target ? { policyId: target.policyId, value: target.policyNickname, errors: {} } : null
  return renderPage(c, <ManagePoliciesView profile={profile} editing={editing} />, { sendToProgressive: profile.sendToProgressive })
})

/** Save: the nickname is written only if it changed (the service checks), then the list reloads. */
managePoliciesPage.post('/', async (c) => {
  const form = await submittedForm(c, nicknameSchema)
  const profile = await currentProfile(c)
  if (!profile) return c.redirect(pathOf('Error'), 303)
  if (!form.ok) {
    const policyId = normalizePolicyNumber(form.typed.policyId ?? '')
    if (!profile.policies.some((p) => p.policyId === policyId)) return c.redirect(pathOf('ManagePolicies'), 303)
    const editing: Editing = { policyId, value: form.typed.nickname ?? '', errors: form.errors }
    return renderPage(c, <ManagePoliciesView profile={profile} editing={editing} />, { status: 400, sendToProgressive: profile.sendToProgressive })
  }
  const result = await renamePolicy(c.env, profile.profileId, form.data.policyId, form.data.nickname, clientMeta(c))
  if (!result.ok) {
    await setFlash(c, { text: result.errorMessage, isError: true })
    return c.redirect(pathOf('SystemMessage'), 303)
  }
  return c.redirect(pathOf('ManagePolicies'), 303)
})
