import { describeCountdown, formatCountdown } from './countdown-text'
import type { WarningOptions, WarningView } from './session-timer'
import type { SessionWarningTexts } from '../../shared/session-warning-texts'

/**
 * The session-timeout warning as a native modal <dialog>, in plain DOM (decision 050: the React
 * version would cost ~70 KB gzip for one dialog). The page behind is inert while it shows; focus goes
 * to Continue and returns where it was when it closes; Escape means Continue. The countdown is not
 * announced on each tick: one polite announcement says the time left in words.
 * Its texts are the page's language (issue 36): JSON the worker renders in the timer's form
 * (worker/render/session-timer.tsx), read here, when the warning shows, and set as text.
 */

export function showWarning({ seconds, onContinue, onLogOut }: WarningOptions): WarningView {
  const texts: SessionWarningTexts = JSON.parse(document.querySelector('[data-session-warning-texts]')?.textContent ?? '')
  const previous = document.activeElement
  const dialog = document.createElement('dialog')
  dialog.className = 'modal modal-dialog'
  dialog.setAttribute('aria-labelledby', 'session-warning-title')
  dialog.setAttribute('aria-describedby', 'session-warning-body')
  dialog.innerHTML =
    '<h2 id="session-warning-title" class="modal__title"></h2>' +
    '<p id="session-warning-body" class="modal__body"><span></span> <span aria-live="off" data-testid="session-countdown"></span>.</p>' +
    '<div class="modal__actions">' +
    '<button type="button" class="btn btn--primary"></button>' +
    '<button type="button" class="btn btn--secondary"></button>' +
    '</div>' +
    '<div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true"></div>'
  // In document order: the heading, the body's two spans, the two buttons, the status.
  const [heading, body, time, continueButton, logOutButton, status] = Array.from(dialog.querySelectorAll<HTMLElement>('h2,span,button,[role=status]'))
  const setText = (el: HTMLElement | undefined, value: string) => {
    if (el) el.textContent = value
  }
  setText(heading, texts.title)
  setText(body, texts.body)
  setText(continueButton, texts.continue)
  setText(logOutButton, texts.logOut)
  setText(time, formatCountdown(seconds))
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
  setText(status, `${texts.title}. ${texts.body} ${describeCountdown(seconds, texts)}.`)

  return {
    update(next) {
      setText(time, formatCountdown(next))
    },
    close() {
      closing = true
      if (dialog.open) dialog.close()
      dialog.remove()
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus()
    },
  }
}
