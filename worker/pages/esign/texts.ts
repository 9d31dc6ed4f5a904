import { defineTexts } from '../../../shared/i18n/catalog'

/** The e-signature pages' server-rendered words (issue 36): the spec's English, and the Spanish. */
export const ESIGN_HISTORY_TEXTS = defineTexts(
  {
    heading: 'E-Signatures',
    none: 'There is no e-signature history on this policy.',
    caption: (policyId: string) => `E-signatures on policy ${policyId}`,
    signed: 'Signed',
    date: 'Date',
    document: 'Document',
    signedHere: 'Signed in this portal',
    intro: 'For each application you signed here, you can keep a PDF of what was presented, when and where you signed, and what you typed.',
    evidence: 'Evidence (PDF)',
    signedBy: ', signed by ',
  },
  {
    heading: 'Firmas electrónicas',
    none: 'Esta póliza no tiene historial de firmas electrónicas.',
    caption: (policyId) => `Firmas electrónicas de la póliza ${policyId}`,
    signed: 'Firmado',
    date: 'Fecha',
    document: 'Documento',
    signedHere: 'Firmado en este portal',
    intro: 'Para cada solicitud que firmó aquí, puede guardar un PDF con lo que se le presentó, cuándo y dónde firmó, y lo que escribió.',
    evidence: 'Constancia (PDF)',
    signedBy: ', firmado por ',
  },
)

export const ESIGN_RENEWAL_TEXTS = defineTexts(
  {
    heading: 'E-Signature Required',
    reviewDeclarations: 'Click here to review your declaration page.',
    pdfNewTab: ' (PDF, opens in a new tab)',
  },
  {
    heading: 'Se requiere firma electrónica',
    reviewDeclarations: 'Haga clic aquí para revisar su página de declaraciones.',
    pdfNewTab: ' (PDF, se abre en una pestaña nueva)',
  },
)
