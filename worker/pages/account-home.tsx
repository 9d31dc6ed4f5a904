import { Hono } from 'hono'
import type { AppEnv } from '../types'
import { pathOf } from '../../shared/routes'
import { planDescription } from '../../shared/policy/plans'
import { landingRoute } from '../../shared/policy/landing'
import { renderPage } from '../render/render-page'
import { PlanTypeIcon } from '../render/plan-icon'
import { loadProfileView, type ProfileView } from '../services/profile'
import { openPolicy } from '../services/policy-access'
import { readForm } from '../render/form'
import { profileSession } from '../middleware/guards'

function nicknameLine(nickname: string): string {
  return `My ${nickname.trim() ? `${nickname.trim()} ` : ''}Policy`
}

function AccountHomeView({ profile }: { profile: ProfileView }) {
  const partner = profile.sendToProgressive
  return (
    <section>
      <h1>Account Home</h1>
      <ul className="policy-list">
        {profile.policies.map((p) => {
          const content = (
            <>
              <PlanTypeIcon planId={p.planID} />
              <span className="policy-card__text">
                <span className="policy-card__plan">{planDescription(p.planID)}</span>
                <span className="policy-card__id">{p.policyId}</span>
                <span className="policy-card__state">{p.state}</span>
                <span className="policy-card__nickname">{nicknameLine(p.policyNickname)}</span>
                <span className="policy-card__cta">View your policy for policy details</span>
              </span>
            </>
          )
          return (
            <li key={p.policyId}>
              {partner ? (
                <a className="policy-card" href={pathOf('GreatNews')}>
                  {content}
                </a>
              ) : (
                <form method="post" action={pathOf('AccountHome')}>
                  <input type="hidden" name="policyId" value={p.policyId} />
                  <button type="submit" className="policy-card">
                    {content}
                  </button>
                </form>
              )}
            </li>
          )
        })}
      </ul>
      {partner ? (
        <a className="btn btn--secondary" href={pathOf('FindPolicy')}>Add a Flood Policy</a>
      ) : (
        <a className="btn btn--secondary" href={pathOf('ManagePolicies')}>Manage Policies</a>
      )}
    </section>
  )
}

export const accountHomePage = new Hono<AppEnv>()

accountHomePage.get(pathOf('AccountHome'), async (c) => {
  const profile = await loadProfileView(c.env, profileSession(c).profileId)
  if (!profile) return c.redirect(pathOf('Error'), 303)
  return renderPage(c, <AccountHomeView profile={profile} />, { sendToProgressive: profile.sendToProgressive })
})

/** Clicking a policy loads it (within the profile's scope) and routes like the SSO landing does. */
accountHomePage.post(pathOf('AccountHome'), async (c) => {
  const { policyId = '' } = await readForm(c)
  const policy = await openPolicy(c.env, profileSession(c), policyId.trim().toUpperCase())
  if (!policy) return c.redirect(pathOf('Error'), 303)
  return c.redirect(pathOf(landingRoute(policy)), 303)
})
