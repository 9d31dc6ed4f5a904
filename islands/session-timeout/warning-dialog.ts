import { describeCountdown, formatCountdown } from './countdown-text'
import type { WarningOptions, WarningView } from './session-timer'

/**
 * The session-timeout warning as a native modal <dialog>, in plain DOM (decision 050: the React
 * version would cost ~70 KB gzip for one dialog). The page behind is inert while it shows; focus goes
 * to Continue and returns where it was when it closes; Escape means Continue. The countdown is not
 * announced on each tick: one polite announcement says the time left in words. Its texts come from the
 * page, in the page's language (issue 36), and are set as text, never as markup.
 */

export function showWarning({ seconds, texts, onContinue, onLogOut }: WarningOptions): WarningView {
  const previous = document.activeElement
  const dialog = document.createElement('dialog')
  dialog.className = 'modal modal-dialog'
  dialog.setAttribute('aria-labelledby', 'session-warning-title')
  dialog.setAttribute('aria-describedby', 'session-warning-body')
  dialog.innerHTML =
    '<h2 id="session-warning-title" class="modal__title"></h2>' +
    '<p id="session-warning-body" class="modal__body"><span data-part="body"></span> <span aria-live="off" data-testid="session-countdown"></span>.</p>' +
    '<div class="modal__actions">' +
    '<button type="button" class="btn btn--primary"></button>' +
    '<button type="button" class="btn btn--secondary"></button>' +
    '</div>' +
    '<div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true"></div>'
  const heading = dialog.querySelector('h2')
  const body = dialog.querySelector('[data-part="body"]')
  const time = dialog.querySelector('[data-testid="session-countdown"]')
  const status = dialog.querySelector('[role="status"]')
  const [continueButton, logOutButton] = Array.from(dialog.querySelectorAll('button'))
  if (heading) heading.textContent = texts.title
  if (body) body.textContent = texts.body
  if (continueButton) continueButton.textContent = texts.continue
  if (logOutButton) logOutButton.textContent = texts.logOut
  if (time) time.textContent = formatCountdown(seconds)
  continueButton?.addEventListener('click', onContinue)
  logOutButton?.addEventListener('click', onLogOut)

  let closing = false
  dialog.addEventListener('cancel', (e) => {
    e.preventDefault()
    onContinue()
  })
  // Some browsers close on a second Escape whatever the cancel handler says: that is Continue too.
  dialog.addEventListener('close', () => {
    if (!closing) onContinue()
  })

  document.body.append(dialog)
  dialog.showModal()
  continueButton?.focus()
  if (status) status.textContent = `${texts.title}. ${texts.body} ${describeCountdown(seconds, texts)}.`

  return {
    update(next) {
      if (time) time.textContent = formatCountdown(next)
    },
    close() {
      closing = true
      if (dialog.open) dialog.close()
      dialog.remove()
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus()
    },
  }
}
