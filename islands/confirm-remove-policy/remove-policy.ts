import { supportInvoker } from '../ui/invokers'
import type { Refusal } from '../ui/script-island'

/**
 * Remove with its confirm modal (markup: worker/pages/identity/remove-policy.tsx). Without script Remove
 * submits a GET form to the confirmation page; here it becomes a plain button, and its invoker command
 * (commandfor + command="show-modal", in the markup) opens the native modal <dialog>, whose first button,
 * No, takes the focus. The platform does the rest: the page behind is inert, Escape closes, focus returns
 * to Remove; No closes it by its own command, Yes posts the confirmation page's form.
 */
export function enhanceRemovePolicy(root: HTMLElement): Refusal | undefined {
  const form = root.querySelector<HTMLFormElement>('form[method="get"]')
  const remove = form?.querySelector<HTMLButtonElement>('button[commandfor]')
  const dialog = root.querySelector('dialog')
  const no = dialog?.querySelector<HTMLButtonElement>('button[command="close"]')
  if (!form || !remove || !dialog || !no) return 'the Remove form, its button or its dialog is missing'
  // No modal dialogs in this browser: Remove keeps going to the confirmation page.
  if (typeof dialog.showModal !== 'function') return undefined
  remove.type = 'button'
  supportInvoker(remove, () => no.focus())
  supportInvoker(no)
  form.setAttribute('data-enhanced', '')
  return undefined
}
