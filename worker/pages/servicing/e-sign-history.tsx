import { Hono } from 'hono'
import type { AppEnv } from '../../types'
import type { Policy } from '../../../shared/schemas/policy'
import { pathOf } from '../../../shared/routes'
import { formatDate } from '../../../shared/format'
import { renderPage } from '../../render/render-page'
import { policyContext } from '../../middleware/guards'
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

/** Flood and umbrella policies never get here: the route's permission (mayViewESignHistory) refuses them. */
eSignHistoryPage.get(pathOf('ESignHistory'), (c) => renderPage(c, <ESignHistoryView policy={policyContext(c).policy} />))
