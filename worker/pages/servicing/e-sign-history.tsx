import { Hono } from 'hono'
import type { AppEnv } from '../../types'
import type { Policy } from '../../../shared/schemas/policy'
import { pathOf } from '../../../shared/routes'
import { formatDate } from '../../../shared/format'
import { mayViewESignHistory } from '../../../shared/policy/permissions'
import { renderPage } from '../../render/render-page'
import { DataTable, EmptyText, Screen } from './parts'

export const NO_ESIGNATURES = 'There is no e-signature history on this policy.'

/** Spec 000 "E-Signatures history": Signed, Date, Document. */
export function ESignHistoryView({ policy }: { policy: Policy }) {
  return (
    <Screen title="E-Signatures" id="esign-history-heading">
      {policy.eSignatures.length === 0 ? (
        <EmptyText>{NO_ESIGNATURES}</EmptyText>
      ) : (
        <DataTable
          caption={`E-signatures on policy ${policy.policyID}`}
          rows={policy.eSignatures}
          rowKey={(_s, i) => String(i)}
          columns={[
            { header: 'Signed', cell: (s) => s.eSignature },
            { header: 'Date', cell: (s) => formatDate(s.dateSigned) },
            { header: 'Document', cell: (s) => s.statementText },
          ]}
        />
      )}
    </Screen>
  )
}

export const eSignHistoryPage = new Hono<AppEnv>()

/** Flood and umbrella policies have no e-signature history (the side nav hides it): back to the summary. */
eSignHistoryPage.get(pathOf('ESignHistory'), (c) => {
  const policy = c.get('policy')!
  if (!mayViewESignHistory(policy)) return c.redirect(pathOf('PolicyOverview'), 303)
  return renderPage(c, <ESignHistoryView policy={policy} />)
})
