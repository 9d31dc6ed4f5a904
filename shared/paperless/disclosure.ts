/**
 * The disclosures a consumer reads before consenting to receive the policy's records electronically
 * (issue 22 item 4; the U.S. E-SIGN Act, 15 U.S.C. 7001(c)(1)): the right to have them on paper and how
 * to ask (no fee), the right to withdraw and what withdrawing means (no fee, paper from then on), which
 * records the consent covers, how to keep the email address current, the hardware and software needed,
 * and the step that shows the person can open a PDF (decision 178).
 *
 * Pure data in shared/ because the page renders it and the worker stores exactly this text and its
 * SHA-256 with each consent. Change the wording only together with PAPERLESS_DISCLOSURE_VERSION, so every
 * stored consent names the version its giver saw (shared/paperless/consent.ts says which versions hold).
 */
import type { Locale } from '../i18n/locale'

export const PAPERLESS_DISCLOSURE_VERSION = 'paperless-2026-11'

/**
 * The disclosures' title, in each language (issue 36). A Spanish consent stores the Spanish text it was
 * given with (the words its giver read), under the same version: the two say the same.
 */
const PAPERLESS_TITLE: Record<Locale, string> = { en: 'Paperless documents', es: 'Documentos sin papel' }
const VERSION_LABEL: Record<Locale, string> = { en: 'Version', es: 'Versión' }

type DisclosureSectionId = 'scope' | 'paper-copies' | 'withdrawal' | 'email-address' | 'hardware-software'

export interface DisclosureSection {
  id: DisclosureSectionId
  heading: string
  paragraphs: string[]
  items?: string[]
  /** Paragraphs after the list. */
  closing?: string[]
}

export interface DisclosureFacts {
  supportPhone: string
  /** The language the page shows them in (English when not given). */
  locale?: Locale
}

/** Where the email address is changed: Your Profile (spec 000 "Manage Profile"). */
const EMAIL_CHANGE_LINK_TEXT = 'Change your email address on Your Profile'
export const EMAIL_CHANGE_LINK_TEXTS: Record<Locale, string> = {
  en: EMAIL_CHANGE_LINK_TEXT,
  es: 'Cambie su correo electrónico en Su perfil',
}

/** The disclosures in the order they are shown (and stored). */
export function paperlessDisclosure({ supportPhone, locale = 'en' }: DisclosureFacts): DisclosureSection[] {
  return locale === 'es' ? spanishDisclosure(supportPhone) : englishDisclosure(supportPhone)
}

function englishDisclosure(supportPhone: string): DisclosureSection[] {
  return [
    {
      id: 'scope',
      heading: 'What you receive electronically',
      paragraphs: [
        'If you agree, we stop mailing paper copies of the documents below for every policy on your profile, now and any you add later. Instead, each new document is posted on the Documents page of its policy, and we email you when it is there.',
      ],
      items: [
        'policy documents: declarations pages, policy forms and endorsements, and new business, policy change and renewal packets;',
        'coverage documents;',
        'bills and notices about your policy, such as renewal offers and premium notices.',
      ],
    },
    {
      id: 'paper-copies',
      heading: 'Your right to paper copies',
      paragraphs: [
        `You may ask for a paper copy of any of these documents at any time, free of charge: call us at ${supportPhone}. We mail it to the mailing address on your policy.`,
        'Some notices may still come on paper when the law requires it, such as a notice of cancellation or nonrenewal.',
      ],
    },
    {
      id: 'withdrawal',
      heading: 'Withdrawing your consent',
      paragraphs: [
        `You may withdraw your consent at any time on this page, or by calling us at ${supportPhone}. There is no fee, and it does not change your coverage or your premium.`,
        'Withdrawing takes effect at once: documents issued after that come by mail to the mailing address on your policy. Documents already delivered electronically stay valid and stay on the Documents page.',
      ],
    },
    {
      id: 'email-address',
      heading: 'Keeping your email address current',
      paragraphs: [
        'We send the emails to the email address on your profile. If it changes, update it on Your Profile (or call us) so that you do not miss a document.',
      ],
    },
    {
      id: 'hardware-software',
      heading: 'What you need to open and keep the documents',
      paragraphs: ['To receive, open and keep these documents you need:'],
      items: [
        'a computer, tablet or phone with an internet connection;',
        'a current version of Chrome, Edge, Firefox or Safari;',
        'a program that opens PDF files (most browsers open them; Adobe Acrobat Reader is free);',
        'an email account you can read, at the address on your profile;',
        'a printer, or storage space on your device, to keep copies.',
      ],
      closing: ['If these needs change in a way that could stop you from opening or keeping the documents, we will tell you and ask for your consent again.'],
    },
  ]
}

/** The same disclosures for a reader of Spanish (issue 36): the same sections, rights and needs, in the same order. */
function spanishDisclosure(supportPhone: string): DisclosureSection[] {
  return [
    {
      id: 'scope',
      heading: 'Lo que recibe electrónicamente',
      paragraphs: [
        'Si usted acepta, dejamos de enviarle por correo postal copias en papel de los documentos que se indican abajo, para todas las pólizas de su perfil, ahora y las que agregue después. En su lugar, cada documento nuevo se publica en la página Documentos de su póliza, y le enviamos un correo electrónico cuando está disponible.',
      ],
      items: [
        'documentos de la póliza: páginas de declaraciones, formularios de la póliza y anexos, y paquetes de póliza nueva, de cambio de póliza y de renovación;',
        'documentos de cobertura;',
        'facturas y avisos sobre su póliza, como ofertas de renovación y avisos de prima.',
      ],
    },
    {
      id: 'paper-copies',
      heading: 'Su derecho a copias en papel',
      paragraphs: [
        `Usted puede pedir una copia en papel de cualquiera de estos documentos en cualquier momento, sin costo: llámenos al ${supportPhone}. La enviamos a la dirección postal de su póliza.`,
        'Algunos avisos pueden seguir llegando en papel cuando la ley lo exige, como un aviso de cancelación o de no renovación.',
      ],
    },
    {
      id: 'withdrawal',
      heading: 'Cómo retirar su consentimiento',
      paragraphs: [
        `Usted puede retirar su consentimiento en cualquier momento en esta página, o llamándonos al ${supportPhone}. No tiene costo y no cambia su cobertura ni su prima.`,
        'El retiro es inmediato: los documentos emitidos después llegan por correo postal a la dirección de su póliza. Los documentos ya entregados electrónicamente siguen siendo válidos y siguen en la página Documentos.',
      ],
    },
    {
      id: 'email-address',
      heading: 'Mantenga su correo electrónico al día',
      paragraphs: [
        'Enviamos los correos a la dirección de correo electrónico de su perfil. Si cambia, actualícela en Su perfil (o llámenos) para que no se pierda ningún documento.',
      ],
    },
    {
      id: 'hardware-software',
      heading: 'Lo que necesita para abrir y guardar los documentos',
      paragraphs: ['Para recibir, abrir y guardar estos documentos necesita:'],
      items: [
        'una computadora, tableta o teléfono con conexión a internet;',
        'una versión actual de Chrome, Edge, Firefox o Safari;',
        'un programa que abra archivos PDF (la mayoría de los navegadores los abren; Adobe Acrobat Reader es gratuito);',
        'una cuenta de correo electrónico que pueda leer, en la dirección de su perfil;',
        'una impresora, o espacio en su dispositivo, para guardar copias.',
      ],
      closing: [
        'Si estos requisitos cambian de una forma que pudiera impedirle abrir o guardar los documentos, se lo informaremos y le pediremos de nuevo su consentimiento.',
      ],
    },
  ]
}

/** The disclosures as plain text, exactly as shown, for the consent record and its hash. */
export function disclosureText(sections: readonly DisclosureSection[], locale: Locale = 'en'): string {
  const lines: string[] = [PAPERLESS_TITLE[locale], `${VERSION_LABEL[locale]}: ${PAPERLESS_DISCLOSURE_VERSION}`]
  for (const s of sections) lines.push('', s.heading, ...s.paragraphs, ...(s.items ?? []).map((item) => `- ${item}`), ...(s.closing ?? []))
  return lines.join('\n')
}
