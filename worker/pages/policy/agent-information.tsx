import type { Policy } from '../../../shared/policy/schemas/policy'
import { renderPage } from '../../render/render-page'
import { policyContext } from '../../middleware/guards'
import { AddressLines, Screen } from './parts'
import { telHref } from '../../render/tel-links'
import { definePage } from '../page'
import { useTexts } from '../../render/locale'
import { AGENT_TEXTS } from './texts'

/** Spec 000 "Agent Information": agent name, address lines 1-2, city/state/zip, phone and an email mailto link. */
function AgentInformationView({ policy: p }: { policy: Policy }) {
  const t = useTexts(AGENT_TEXTS)
  return (
    <Screen title={t.heading} id="agent-heading">
      <dl className="facts">
        <dt>{t.agent}</dt>
        <dd>{p.agentName}</dd>
        <dt>{t.address}</dt>
        <dd>
          <AddressLines address={{ address1: p.agentAddress1, address2: p.agentAddress2, city: p.agentCity, state: p.agentState, zipCode: p.agentZipCode }} />
        </dd>
        <dt>{t.phone}</dt>
        <dd>
          <a href={telHref(p.agentPhone)}>{p.agentPhone}</a>
        </dd>
        <dt>{t.email}</dt>
        <dd>
          <a href={`mailto:${p.agentEmail}`}>{p.agentEmail}</a>
        </dd>
      </dl>
    </Screen>
  )
}

export const agentInformationPage = definePage('AgentInfo')

agentInformationPage.get('/', (c) => renderPage(c, <AgentInformationView policy={policyContext(c).policy} />))
