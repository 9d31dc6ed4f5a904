import { describe, it, expect, beforeAll } from 'vitest'
import { env } from 'cloudflare:workers'
import { api, jsonPost, persona, seed, setCookies } from './helpers'
import { startSession } from '../../worker/services/identity/session'

/**
 * Issue 6: a signature made in a single-sign-on session (no profile) records the SSO identity: the
 * session's kind, the policy list the identity service returned, the system origin and the tracking id
 * the partner sent as the session id (SID). Called as the mobile app or a partner would: a bearer token.
 */

beforeAll(() => seed())

const POLICY = persona('direct.multi').policies.find((p) => p.tags.includes('policy.esign-new-business'))!.policyId

describe('PostESignatures in an SSO session', () => {
  it('stores the SSO identity as the signer, channel api, and no cookie-only flash', async () => {
    const { token } = await startSession(env as never, {
      kind: 'sso',
      profileId: null,
      ssoScope: [POLICY],
      systemOrigin: 'MNA',
      ip: '198.51.100.7',
      userAgent: 'PartnerApp/2.1',
    })
    const headers = { Authorization: `Bearer ${token.accountToken}`, SID: 'partner-tracking-0042', 'User-Agent': 'PartnerApp/2.1' }
    const statements = (await (await api(`/v1/homeowners/GetPolicyStatements/${POLICY}`, { headers })).json()) as {
      statementId: number
      statementText: string
    }[]
    const policy = (await (await api(`/v1/homeowners/GetPolicy/${POLICY}`, { headers })).json()) as Record<string, string>
    const res = await jsonPost(
      `/v1/homeowners/PostESignatures/${POLICY}`,
      {
        policyId: POLICY,
        inceptionDate: policy.inceptionDate,
        effectiveDate: policy.effectiveDate,
        postDate: policy.postDate,
        userId: '',
        companyId: policy.companyId,
        planId: policy.planId,
        state: policy.state,
        signatures: statements.map((s) => ({ statementId: s.statementId, statementText: s.statementText, eSignature: 'MD' })),
        agreeToTerms: true,
        termsVersion: 'esign-terms-2026-11',
        applicantSignature: 'Maria Delgado',
      },
      headers,
    )
    expect(res.status).toBe(200)
    expect(setCookies(res).some((c) => c.startsWith('ph_flash='))).toBe(false)

    const sig = await env.DB.prepare('SELECT * FROM esign_signatures WHERE policy_id = ?').bind(POLICY).first<Record<string, any>>()
    expect(sig).toMatchObject({ session_kind: 'sso', profile_id: null, channel: 'api', user_agent: 'PartnerApp/2.1' })
    const signer = JSON.parse(sig!.signer_json)
    expect(signer).toMatchObject({ kind: 'sso', profileId: null, clientSid: 'partner-tracking-0042', profile: null })
    expect(signer.session).toMatchObject({ kind: 'sso', system_origin: 'MNA', ip: '198.51.100.7' })
    expect(JSON.parse(signer.session.policy_scope)).toEqual([POLICY])
    expect(JSON.stringify(signer)).not.toContain(token.accountToken)

    const history = (await (await api(`/v1/homeowners/GetESignatures/${POLICY}`, { headers })).json()) as { eSignature: string }[]
    expect(history.filter((h) => h.eSignature === 'MD')).toHaveLength(statements.length)
  })
})
