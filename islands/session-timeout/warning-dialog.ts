import { describeCountdown, formatCountdown } from './countdown-text'
import type { WarningOptions, WarningView } from './session-timer'

/**
 * The session-timeout warning as a native modal <dialog>, in plain DOM (decision 050: the React
 * version would cost ~70 KB gzip for one dialog). The page behind is inert while it shows; focus goes
 * to Continue and returns where it was when it closes; Escape means Continue. The countdown is not
 * announced on each tick: one polite announcement says the time left in words.
 */

const TITLE = 'Your session is about to expire'
const BODY = 'For your security, you will be logged out in'

export function showWarning({ seconds, onContinue, onLogOut }: WarningOptions): WarningView {
  const previous = document.activeElement
  const dialog = document.createElement('dialog')
  dialog.className = 'modal modal-dialog'
  dialog.setAttribute('aria-labelledby', 'session-warning-title')
  dialog.setAttribute('aria-describedby', 'session-warning-body')
  dialog.innerHTML =
    `<h2 id="session-warning-title" class="modal__title">${TITLE}</h2>` +
    `<p id="session-warning-body" class="modal__body">${BODY} <span aria-live="off" data-testid="session-countdown"></span>.</p>` +
    '<div class="modal__actions">' +
    '<button type="button" class="btn btn--primary">Continue</button>' +
    '<button type="button" class="btn btn--secondary">Log Out</button>' +
    '</div>' +
    '<div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true"></div>'
  const [time, status] = [dialog.querySelector('span'), dialog.querySelector('[role="status"]')]
  const [continueButton, logOutButton] = Array.from(dialog.querySelectorAll('button'))
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
  if (status) status.textContent = `${TITLE}. ${BODY} ${describeCountdown(seconds)}.`

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
