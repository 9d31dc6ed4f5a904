import { renderPdf } from '../../pdf/render'

export const SAMPLE_PDF_FILE_NAME = 'ProgHome-paperless-sample.pdf'

/**
 * The sample PDF of the Paperless documents page (decision 178): opening it and typing the code it
 * prints shows, before the consent is accepted, that the person can open the PDFs they would receive
 * (15 U.S.C. 7001(c)(1)(C)(ii): 'reasonably demonstrates').
 */
export function renderPaperlessSamplePdf(code: string): Promise<Uint8Array> {
  return renderPdf(
    {
      title: 'Paperless documents: sample',
      subject: 'A sample PDF to show that you can open your documents',
      language: 'en-US',
      creator: 'policyholder-portal',
    },
    [
      {
        title: 'Sample document',
        subtitle: 'Paperless documents',
        facts: [['Your code', code]],
        sections: [
          { lines: ['You opened this PDF, so you can open the documents we would send you electronically.'] },
          {
            heading: 'What to do next',
            lines: [
              'Go back to the Paperless documents page and type the code above in the form. The code works while you stay logged in; if you log in again, open the sample PDF again for a new code.',
            ],
          },
        ],
      },
    ],
  )
}
