import { pathOf } from '../../../shared/routes'
import { useTexts } from '../locale'
import { partnerTexts } from '../texts/dialogs'
import { newTabTexts } from '../texts/layout'

/**
 * Spec 000 "Partner-site redirect": for a policy (or profile) flagged sendToProgressive, the redirect
 * banner and the 'Great News!' modal. The modal is a native <dialog>: the banner's button opens it as
 * a modal through invoker commands, and it opens by itself on the first page of a partner-serviced policy
 * in a browser session: served open (so it shows without script, drawn over a scrim), then reopened at once
 * as a modal by a line of script, so focus moves into it, it is announced and the page behind is inert
 * (issue 35). Closing needs no script (form method="dialog").
 * Its partner link is the Great News page's own form (POST /great-news in a new tab), so it logs the
 * profile out exactly as the page's links do (docs/decisions/032-great-news-logout.md).
 */
const GREAT_NEWS_DIALOG_ID = 'great-news-dialog'
/** `rel` is valid on <form> (noopener for the new tab); React's types do not list it. */
const NOOPENER = { rel: 'noopener' } as object

export function PartnerBanner() {
  const t = useTexts(partnerTexts)
  return (
    <div className="partner-banner" role="region" aria-label={t.region}>
      <p className="partner-banner__text">
        <strong>{t.greatNews}</strong> {t.notice}
      </p>
      <button type="button" className="btn btn--secondary partner-banner__button" commandfor={GREAT_NEWS_DIALOG_ID} command="show-modal">
        {t.learnMore}
      </button>
    </div>
  )
}

/** Served open, the dialog is not modal; the browser's showModal() is the only way to a modal one. */
const OPEN_AS_MODAL = `{const d=document.getElementById('${GREAT_NEWS_DIALOG_ID}');if(d&&d.open&&!d.matches(':modal')){d.close();d.showModal()}}`

export function GreatNewsDialog({ open, nonce }: { open: boolean; nonce: string }) {
  const t = useTexts(partnerTexts)
  const newTab = useTexts(newTabTexts)
  return (
    <>
      <dialog id={GREAT_NEWS_DIALOG_ID} className="modal-dialog great-news" aria-labelledby="great-news-title" open={open || undefined} closedby="any">
        <h2 id="great-news-title" className="modal__title">
          {t.greatNews}
        </h2>
        <div className="modal__body">
          <p>{t.notice}</p>
          <p>{t.logInThere}</p>
          <p>{t.logsYouOut}</p>
        </div>
        <div className="modal__actions">
          <form method="dialog" className="inline-form">
            <button type="submit" className="btn btn--secondary">
              {t.close}
            </button>
          </form>
          <form method="post" action={pathOf('GreatNews')} target="_blank" className="inline-form" {...NOOPENER}>
            <button type="submit" className="btn btn--primary">
              {t.logInToPartner}
              <span className="visually-hidden">{newTab.note}</span>
            </button>
          </form>
        </div>
      </dialog>
      {open && <script nonce={nonce} dangerouslySetInnerHTML={{ __html: OPEN_AS_MODAL }} />}
      {/* Without script: dims the page while the dialog is open without being modal; hidden by CSS otherwise. */}
      <div className="great-news-scrim" aria-hidden="true" />
    </>
  )
}
