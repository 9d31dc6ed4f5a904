const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'password', 'number', 'date', 'time', 'datetime-local', 'month', 'week'])

/**
 * Spec 001 section 2 "Homeowners claim form": Backspace outside a text field is suppressed (in older
 * browsers it navigated back and lost the claim). Inside an editable text field it edits as usual.
 */
function backspaceIsEditing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLTextAreaElement) return !target.readOnly && !target.disabled
  if (target instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(target.type) && !target.readOnly && !target.disabled
  return false
}

export function suppressStrayBackspace(e: KeyboardEvent): void {
  if (e.key === 'Backspace' && !backspaceIsEditing(e.target)) e.preventDefault()
}
