import { pathOf } from '../../../shared/routes'

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
const PARTNER_NOTICE = "Your policy can now be serviced on our partner's site."
/** `rel` is valid on <form> (noopener for the new tab); React's types do not list it. */
const NOOPENER = { rel: 'noopener' } as object

export function PartnerBanner() {
  return (
    <div className="partner-banner" role="region" aria-label="Partner notice">
      <p className="partner-banner__text">
        <strong>Great News!</strong> {PARTNER_NOTICE}
      </p>
      <button type="button" className="btn btn--secondary partner-banner__button" commandfor={GREAT_NEWS_DIALOG_ID} command="show-modal">
        Learn more
      </button>
    </div>
  )
}

/** Served open, the dialog is not modal; the browser's showModal() is the only way to a modal one. */
const OPEN_AS_MODAL = `{const d=document.getElementById('${GREAT_NEWS_DIALOG_ID}');if(d&&d.open&&!d.matches(':modal')){d.close();d.showModal()}}`

export function GreatNewsDialog({ open, nonce }: { open: boolean; nonce: string }) {
  return (
    <>
      <dialog id={GREAT_NEWS_DIALOG_ID} className="modal-dialog great-news" aria-labelledby="great-news-title" open={open || undefined} closedby="any">
        <h2 id="great-news-title" className="modal__title">
          Great News!
        </h2>
        <div className="modal__body">
          <p>{PARTNER_NOTICE}</p>
          <p>Log in there to view your policy, make payments, report a claim and more.</p>
          <p>Going to the partner's site logs you out of this portal.</p>
        </div>
        <div className="modal__actions">
          <form method="dialog" className="inline-form">
            <button type="submit" className="btn btn--secondary">
              Close
            </button>
          </form>
          <form method="post" action={pathOf('GreatNews')} target="_blank" className="inline-form" {...NOOPENER}>
            <button type="submit" className="btn btn--primary">
              Log in to our partner's site<span className="visually-hidden"> (opens in a new tab)</span>
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
