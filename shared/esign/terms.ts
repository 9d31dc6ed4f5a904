/**
 * The terms and conditions for electronic signing (spec 000 "Modals", "E-Signature screen"): the
 * consent disclosures the U.S. ESIGN Act (15 U.S.C. 7001(c)) asks for before a consumer agrees to
 * electronic records (the right to paper copies, how to withdraw consent and what that costs, the
 * hardware and software needed, the scope of the consent, keeping contact details current), the
 * paperless/e-sign discount rule, and the separate California summary with Adobe Acrobat Reader 4.0.
 *
 * Pure data in shared/ because both rooms need it: the island renders it (modal, or an open section
 * without script) and the worker stores exactly this text and its SHA-256 with each signature. Change
 * the wording only together with TERMS_VERSION, so every stored signature names the version its signer saw.
 */
import type { Locale } from '../i18n/locale'

export const TERMS_VERSION = 'esign-terms-2026-11'

type TermsSectionId = 'consent' | 'paper-copies' | 'withdrawal' | 'discount' | 'hardware-software' | 'contact-details' | 'california'

interface TermsSection {
  id: TermsSectionId
  heading: string
  paragraphs: string[]
  items?: string[]
}

export interface ESignTerms {
  version: string
  title: string
  sections: TermsSection[]
}

export interface TermsFacts {
  policyId: string
  /** The policy's two-letter state: 'CA' adds the California summary. */
  state: string
  supportPhone: string
  /** The language shown (issue 36): a Spanish signer reads, and the evidence stores, the Spanish. */
  locale?: Locale
}

const TERMS_TITLE = 'Terms and Conditions for Electronic Signature'

/** The disclosures in the order they are shown. */
export function esignTerms({ policyId, state, supportPhone, locale = 'en' }: TermsFacts): ESignTerms {
  if (locale === 'es') return spanishTerms(policyId, state, supportPhone)
  const sections: TermsSection[] = [
    {
      id: 'consent',
      heading: 'Your consent to electronic records and signatures',
      paragraphs: [
        `By checking the box, you agree to conduct this transaction for policy ${policyId} electronically: to receive the application and the related documents electronically and to sign them with an electronic signature. Your electronic signature and initials have the same legal effect as your handwritten signature and initials.`,
        'Your consent applies to this transaction only. You are not required to sign electronically.',
      ],
    },
    {
      id: 'paper-copies',
      heading: 'Your right to paper copies',
      paragraphs: [
        `You may ask for a paper copy of any document you sign electronically, free of charge, by calling us at ${supportPhone} or by contacting your agent.`,
        'You can also open, print and save each document from this page now, and from the Documents page of the portal later.',
      ],
    },
    {
      id: 'withdrawal',
      heading: 'How to withdraw your consent',
      paragraphs: [
        'Before you sign, you may withdraw your consent by choosing Sign Later and leaving this page.',
        `After you sign, you may withdraw your consent at any time by calling us at ${supportPhone} or by contacting your agent. We will then send you the documents on paper to sign by hand. Withdrawing does not affect the legal effect of anything you signed electronically before you withdrew.`,
      ],
    },
    {
      id: 'discount',
      heading: 'Paperless and e-signature discounts',
      paragraphs: [
        'If your premium includes a paperless or e-signature discount, withdrawing your consent or failing to sign electronically removes that discount, and your premium will be adjusted.',
      ],
    },
    {
      id: 'hardware-software',
      heading: 'Hardware and software you need',
      paragraphs: ['To open, sign and keep these documents you need:'],
      items: [
        'a computer, tablet or phone with an internet connection;',
        'a current version of Chrome, Edge, Firefox or Safari, with cookies and JavaScript allowed;',
        'a program that opens PDF files (most browsers open them), and',
        'a printer, or storage space on your device, to keep copies.',
      ],
    },
    {
      id: 'contact-details',
      heading: 'Keeping your contact details current',
      paragraphs: [
        `Keep your email address current on the Manage Profile page, or call us at ${supportPhone}, so that you receive notices about this transaction.`,
      ],
    },
  ]
  if (state.toUpperCase() === 'CA') {
    sections.push({
      id: 'california',
      heading: 'Summary for California customers',
      paragraphs: ['California law lets you choose to sign your insurance documents electronically. In summary:'],
      items: [
        'You agree to use an electronic signature for this transaction only, and you may decline and sign on paper instead.',
        `You may ask for a paper copy of any signed document at no charge by calling ${supportPhone}.`,
        'You may withdraw your consent at any time; any paperless or e-signature discount then ends.',
        'To view, print and keep the documents you need Adobe Acrobat Reader 4.0 or greater, or another program that opens PDF files.',
      ],
    })
  }
  return { version: TERMS_VERSION, title: TERMS_TITLE, sections }
}

/** The same terms for a reader of Spanish, under the same version: the same sections, rights and needs. */
function spanishTerms(policyId: string, state: string, supportPhone: string): ESignTerms {
  const sections: TermsSection[] = [
    {
      id: 'consent',
      heading: 'Su consentimiento a los registros y firmas electrónicos',
      paragraphs: [
        `Al marcar la casilla, usted acepta realizar esta transacción de la póliza ${policyId} electrónicamente: recibir la solicitud y los documentos relacionados electrónicamente y firmarlos con una firma electrónica. Su firma electrónica y sus iniciales tienen el mismo efecto legal que su firma y sus iniciales escritas a mano.`,
        'Su consentimiento se aplica solo a esta transacción. Usted no está obligado a firmar electrónicamente.',
      ],
    },
    {
      id: 'paper-copies',
      heading: 'Su derecho a copias en papel',
      paragraphs: [
        `Puede pedir una copia en papel de cualquier documento que firme electrónicamente, sin costo, llamándonos al ${supportPhone} o comunicándose con su agente.`,
        'También puede abrir, imprimir y guardar cada documento desde esta página ahora, y más adelante desde la página Documentos del portal.',
      ],
    },
    {
      id: 'withdrawal',
      heading: 'Cómo retirar su consentimiento',
      paragraphs: [
        'Antes de firmar, puede retirar su consentimiento eligiendo Firmar después y saliendo de esta página.',
        `Después de firmar, puede retirar su consentimiento en cualquier momento llamándonos al ${supportPhone} o comunicándose con su agente. Entonces le enviaremos los documentos en papel para que los firme a mano. Retirarlo no cambia el efecto legal de lo que haya firmado electrónicamente antes.`,
      ],
    },
    {
      id: 'discount',
      heading: 'Descuentos por documentos sin papel y firma electrónica',
      paragraphs: [
        'Si su prima incluye un descuento por documentos sin papel o por firma electrónica, retirar su consentimiento o no firmar electrónicamente elimina ese descuento, y su prima se ajustará.',
      ],
    },
    {
      id: 'hardware-software',
      heading: 'Equipo y programas que necesita',
      paragraphs: ['Para abrir, firmar y guardar estos documentos necesita:'],
      items: [
        'una computadora, tableta o teléfono con conexión a internet;',
        'una versión actual de Chrome, Edge, Firefox o Safari, con cookies y JavaScript permitidos;',
        'un programa que abra archivos PDF (la mayoría de los navegadores los abren), y',
        'una impresora, o espacio en su dispositivo, para guardar copias.',
      ],
    },
    {
      id: 'contact-details',
      heading: 'Mantenga sus datos de contacto al día',
      paragraphs: [
        `Mantenga su correo electrónico al día en la página Administrar perfil, o llámenos al ${supportPhone}, para recibir los avisos sobre esta transacción.`,
      ],
    },
  ]
  if (state.toUpperCase() === 'CA') {
    sections.push({
      id: 'california',
      heading: 'Resumen para clientes de California',
      paragraphs: ['La ley de California le permite elegir firmar sus documentos de seguro electrónicamente. En resumen:'],
      items: [
        'Usted acepta usar una firma electrónica solo para esta transacción, y puede negarse y firmar en papel.',
        `Puede pedir una copia en papel de cualquier documento firmado, sin costo, llamando al ${supportPhone}.`,
        'Puede retirar su consentimiento en cualquier momento; cualquier descuento por documentos sin papel o firma electrónica termina entonces.',
        'Para ver, imprimir y guardar los documentos necesita Adobe Acrobat Reader 4.0 o posterior, u otro programa que abra archivos PDF.',
      ],
    })
  }
  return { version: TERMS_VERSION, title: 'Términos y condiciones de la firma electrónica', sections }
}

/** The terms as plain text, exactly as shown (headings, paragraphs, list items), for the evidence record. */
export function termsText(terms: ESignTerms, locale: Locale = 'en'): string {
  const lines: string[] = [terms.title, `${locale === 'es' ? 'Versión' : 'Version'}: ${terms.version}`]
  for (const s of terms.sections) {
    lines.push('', s.heading, ...s.paragraphs, ...(s.items ?? []).map((item) => `- ${item}`))
  }
  return lines.join('\n')
}
