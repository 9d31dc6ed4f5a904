import { defineTexts } from '../../shared/i18n/catalog'
import { isLocale } from '../../shared/i18n/locale'
import { sameSiteReturnPath } from '../../shared/routes'
import { pageRateLimit } from '../middleware/page-refusals'
import { RATE_RULES } from '../middleware/rate-rules'
import { readForm } from '../services/request/read-form'
import { chooseLanguage } from '../services/i18n/language-choice'
import { requestLocale } from '../lib/request-locale'
import { definePage } from './page'

const refusalTexts = defineTexts(
  {
    foreignReturn: 'The page to return to must be a page of this site.',
    unknownLanguage: 'Choose English or Español.',
  },
  {
    foreignReturn: 'La página a la que se vuelve debe ser una página de este sitio.',
    unknownLanguage: 'Elija English o Español.',
  },
)

/**
 * The header's language choice (issue 36, decision 230): a form on every page that works without script.
 * It remembers the language in this browser and, signed in, in the profile, then goes back to the page
 * it came from (303). A foreign return path or an unknown language is refused (400) and changes nothing.
 */
export const chooseLanguagePage = definePage('ChooseLanguage')

chooseLanguagePage.post('/', pageRateLimit(RATE_RULES.language), async (c) => {
  c.header('Cache-Control', 'no-store')
  const form = await readForm(c)
  const t = refusalTexts[requestLocale(c)]
  if (!isLocale(form.language)) return c.text(t.unknownLanguage, 400)
  const back = sameSiteReturnPath(form.returnTo)
  if (!back) return c.text(t.foreignReturn, 400)
  await chooseLanguage(c, form.language)
  return c.redirect(back, 303)
})
