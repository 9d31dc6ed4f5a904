import { defineTexts } from '../../../shared/i18n/catalog'

/** The layout's dialogs (issue 36): the partner's 'Great News!' and the claims list. */
export const partnerTexts = defineTexts(
  {
    region: 'Partner notice',
    greatNews: 'Great News!',
    notice: "Your policy can now be serviced on our partner's site.",
    learnMore: 'Learn more',
    logInThere: 'Log in there to view your policy, make payments, report a claim and more.',
    logsYouOut: "Going to the partner's site logs you out of this portal.",
    close: 'Close',
    logInToPartner: "Log in to our partner's site",
  },
  {
    region: 'Aviso del socio',
    greatNews: '¡Buenas noticias!',
    notice: 'Ahora puede administrar su póliza en el sitio de nuestro socio.',
    learnMore: 'Más información',
    logInThere: 'Inicie sesión allí para ver su póliza, realizar pagos, reportar un reclamo y más.',
    logsYouOut: 'Al ir al sitio del socio, se cierra su sesión en este portal.',
    close: 'Cerrar',
    logInToPartner: 'Iniciar sesión en el sitio de nuestro socio',
  },
)

export const claimsListTexts = defineTexts(
  {
    title: (policyId: string) => `Claims on Policy ${policyId}`,
    existing: 'Existing claims',
    intro: 'This policy already has the claims below. To report a different loss, continue to Report a Claim.',
    claimId: 'Claim ID',
    lossDate: 'Date of Loss',
    peril: 'Peril',
    status: 'Status',
    showing: (shown: number, total: number) => `Showing ${shown} of ${total} claims.`,
    seeAll: 'See every claim in Claims History',
    close: 'Close',
    reportNew: 'Report a New Claim',
  },
  {
    title: (policyId) => `Reclamos de la póliza ${policyId}`,
    existing: 'Reclamos existentes',
    intro: 'Esta póliza ya tiene los reclamos de abajo. Para reportar una pérdida diferente, continúe a Reportar un reclamo.',
    claimId: 'Número de reclamo',
    lossDate: 'Fecha de la pérdida',
    peril: 'Causa',
    status: 'Estado',
    showing: (shown, total) => `Se muestran ${shown} de ${total} reclamos.`,
    seeAll: 'Ver todos los reclamos en el Historial de reclamos',
    close: 'Cerrar',
    reportNew: 'Reportar un reclamo nuevo',
  },
)
