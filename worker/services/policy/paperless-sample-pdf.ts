import { defineTexts } from '../../../shared/i18n/catalog'
import { LANGUAGE_TAG, type Locale } from '../../../shared/i18n/locale'
import { renderPdf } from '../../pdf/render'

export const SAMPLE_PDF_FILE_NAME = 'ProgHome-paperless-sample.pdf'

const SAMPLE_TEXTS = defineTexts(
  {
    pdfTitle: 'Paperless documents: sample',
    pdfSubject: 'A sample PDF to show that you can open your documents',
    title: 'Sample document',
    subtitle: 'Paperless documents',
    yourCode: 'Your code',
    opened: 'You opened this PDF, so you can open the documents we would send you electronically.',
    nextHeading: 'What to do next',
    next: 'Go back to the Paperless documents page and type the code above in the form. The code works while you stay logged in; if you log in again, open the sample PDF again for a new code.',
  },
  {
    pdfTitle: 'Documentos sin papel: muestra',
    pdfSubject: 'Un PDF de muestra para mostrar que puede abrir sus documentos',
    title: 'Documento de muestra',
    subtitle: 'Documentos sin papel',
    yourCode: 'Su código',
    opened: 'Usted abrió este PDF, así que puede abrir los documentos que le enviaríamos electrónicamente.',
    nextHeading: 'Qué hacer ahora',
    next: 'Regrese a la página Documentos sin papel y escriba el código de arriba en el formulario. El código funciona mientras siga con la sesión iniciada; si vuelve a iniciar sesión, abra de nuevo el PDF de muestra para obtener un código nuevo.',
  },
)

/**
 * The sample PDF of the Paperless documents page (decision 178): opening it and typing the code it
 * prints shows, before the consent is accepted, that the person can open the PDFs they would receive
 * (15 U.S.C. 7001(c)(1)(C)(ii): 'reasonably demonstrates'). In the page's language (issue 36).
 */
export function renderPaperlessSamplePdf(code: string, locale: Locale = 'en'): Promise<Uint8Array> {
  const t = SAMPLE_TEXTS[locale]
  return renderPdf({ title: t.pdfTitle, subject: t.pdfSubject, language: LANGUAGE_TAG[locale], creator: 'policyholder-portal' }, [
    {
      title: t.title,
      subtitle: t.subtitle,
      facts: [[t.yourCode, code]],
      sections: [{ lines: [t.opened] }, { heading: t.nextHeading, lines: [t.next] }],
    },
  ])
}
