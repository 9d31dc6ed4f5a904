import { defineTexts } from '../i18n/catalog'

/**
 * The e-sign island's words (issue 36): the page sends one language's strings as the island's `texts`
 * prop, so no catalog ships to the browser. Values it shows are {placeholders} filled by fill().
 */
export const ESIGN_ISLAND_TEXTS = defineTexts(
  {
    heading: 'E-Signature Required',
    intro: 'Please review and sign the application for policy {policyId}.',
    requiredNote: '* marks a required field',
    step1: 'Step 1: Review your application',
    pdfNewTab: ' (PDF, opens in a new tab)',
    step2: 'Step 2: Initial each statement',
    initialsLabel: 'Initials for statement {n} *',
    step3: 'Step 3: Sign your application',
    agentNote: 'If anything in your application needs to change, please contact your agent, {agentName}, at',
    agentNoteEnd: 'before you sign.',
    readTerms: 'Read the terms & conditions',
    signatureLabel: 'Applicant Signature *',
    signatureHint: 'Type your full name.',
    signNow: 'Sign Now',
    signLater: 'Sign Later',
    submitting: 'Submitting your e-signature. Please wait.',
    close: 'Close',
  },
  {
    heading: 'Se requiere firma electrónica',
    intro: 'Revise y firme la solicitud de la póliza {policyId}.',
    requiredNote: '* indica un dato obligatorio',
    step1: 'Paso 1: Revise su solicitud',
    pdfNewTab: ' (PDF, se abre en una pestaña nueva)',
    step2: 'Paso 2: Escriba sus iniciales en cada declaración',
    initialsLabel: 'Iniciales para la declaración {n} *',
    step3: 'Paso 3: Firme su solicitud',
    agentNote: 'Si algo en su solicitud debe cambiar, comuníquese con su agente, {agentName}, al',
    agentNoteEnd: 'antes de firmar.',
    readTerms: 'Leer los términos y condiciones',
    signatureLabel: 'Firma del solicitante *',
    signatureHint: 'Escriba su nombre completo.',
    signNow: 'Firmar ahora',
    signLater: 'Firmar después',
    submitting: 'Enviando su firma electrónica. Espere, por favor.',
    close: 'Cerrar',
  },
)

export type ESignIslandTexts = (typeof ESIGN_ISLAND_TEXTS)['en']
