import type { ESignTerms } from '../../shared/esign/terms'

/** The terms' sections; `level` is the heading level their headings take where they are shown. */
export function TermsBody({ terms, level }: { terms: ESignTerms; level: 3 | 4 }) {
  const Heading = level === 3 ? 'h3' : 'h4'
  return (
    <>
      {terms.sections.map((s) => (
        <section key={s.id} className="esign-terms__section" data-terms-section={s.id}>
          <Heading>{s.heading}</Heading>
          {s.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {s.items && (
            <ul>
              {s.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  )
}
