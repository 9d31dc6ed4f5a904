import { LANGUAGE_NAME, LANGUAGE_TAG, type Locale } from '../../../shared/i18n/locale'
import { pathOf } from '../../../shared/routes'

/**
 * The header's language choice (issue 36): one button that names the other language in that language
 * ('Español' with lang="es", so a screen reader says it in Spanish), in a form that works without script.
 * It posts the language and the page to come back to (worker/pages/choose-language.ts).
 */
export function LanguageChoice({ locale, returnTo }: { locale: Locale; returnTo: string }) {
  const other: Locale = locale === 'es' ? 'en' : 'es'
  return (
    <form method="post" action={pathOf('ChooseLanguage')} className="inline-form language-choice">
      <input type="hidden" name="language" value={other} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className="btn btn--link" lang={LANGUAGE_TAG[other]}>
        {LANGUAGE_NAME[other]}
      </button>
    </form>
  )
}
