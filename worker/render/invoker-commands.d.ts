/**
 * HTML invoker commands and dialog light dismiss, which React passes through as lowercase attributes
 * but @types/react does not know yet: <button commandfor="id" command="show-modal"> opens a <dialog>
 * without any script (Chromium 135+, Firefox 144+, Safari 26.2+).
 */
export {}

declare module 'react' {
  interface ButtonHTMLAttributes<T> {
    commandfor?: string
    command?: 'show-modal' | 'close' | 'request-close' | 'toggle-popover' | 'show-popover' | 'hide-popover'
  }
  interface DialogHTMLAttributes<T> {
    closedby?: 'any' | 'closerequest' | 'none'
  }
}
