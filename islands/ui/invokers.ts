/**
 * Invoker commands on a dialog (`<button commandfor="id" command="show-modal|close">`) where the browser
 * has none yet (Safari before 26.2, Firefox before 144): a click does what the command says. Where the
 * browser has them, it does the job and this does nothing.
 */
export function supportInvoker(button: HTMLButtonElement, afterOpen?: () => void): void {
  if ('command' in HTMLButtonElement.prototype) return
  button.addEventListener('click', () => {
    const target = button.ownerDocument.getElementById(button.getAttribute('commandfor') ?? '')
    if (!(target instanceof HTMLDialogElement)) return
    const command = button.getAttribute('command')
    if (command === 'show-modal' && !target.open) {
      target.showModal()
      afterOpen?.()
    } else if (command === 'close') {
      target.close()
    }
  })
}
