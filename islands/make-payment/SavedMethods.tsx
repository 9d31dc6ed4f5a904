import { savedMethodLabelWith, SAVED_METHOD_NICKNAME_MAX, type SavedMethodView } from '../../shared/payments/saved-methods'
import type { Texts } from './texts'

/**
 * Issue 22: the saved methods first, as radio buttons, and the typed form one choice away. Radio
 * buttons work without script too (the server-rendered form shows them the same way).
 */
export function SavedMethodChoice({
  methods,
  choice,
  onChoose,
  t,
}: {
  methods: readonly SavedMethodView[]
  choice: string
  onChoose: (id: string) => void
  t: Texts
}) {
  const words = { card: t.savedCard, bank: t.savedBank, expires: t.savedExpires }
  return (
    <fieldset className="payment__saved">
      <legend>{t.payWith}</legend>
      {[...methods.map((m) => ({ id: m.id, label: savedMethodLabelWith(words, m) })), { id: '', label: t.useAnother }].map((o) => (
        <div className="payment__checkbox" key={o.id || 'typed'}>
          <input id={`pay-with-${o.id || 'typed'}`} type="radio" name="savedMethodId" value={o.id} checked={choice === o.id} onChange={() => onChoose(o.id)} />
          <label htmlFor={`pay-with-${o.id || 'typed'}`}>{o.label}</label>
        </div>
      ))}
    </fieldset>
  )
}

/** 'Save this card/account for later', with the consent it gives, and an optional nickname once ticked. */
export function SaveMethodOption({
  kind,
  save,
  nickname,
  onSave,
  onNickname,
  t,
}: {
  kind: 'card' | 'bank'
  save: boolean
  nickname: string
  onSave: (save: boolean) => void
  onNickname: (nickname: string) => void
  t: Texts
}) {
  return (
    <div className="card payment__section payment__save">
      <div className="payment__checkbox">
        <input
          id="save-method"
          name="saveMethod"
          type="checkbox"
          checked={save}
          onChange={(e) => onSave(e.target.checked)}
          aria-describedby="save-method-consent"
        />
        <label htmlFor="save-method">{kind === 'card' ? t.saveCard : t.saveBank}</label>
      </div>
      <p id="save-method-consent" className="field__hint">
        {kind === 'card' ? t.consentCard : t.consentBank}
      </p>
      {save && (
        <div className="field">
          <label htmlFor="save-method-nickname">{t.nickname}</label>
          <input
            id="save-method-nickname"
            name="saveNickname"
            value={nickname}
            maxLength={SAVED_METHOD_NICKNAME_MAX}
            autoComplete="off"
            onChange={(e) => onNickname(e.target.value)}
          />
        </div>
      )}
    </div>
  )
}

/**
 * In place of 'Save this card/account for later' when the session was proved too long ago (decision
 * 202): the way to Confirm It Is You, which brings the person back to Make a Payment. Paying is not held up.
 */
export function ConfirmToSave({ kind, href, t }: { kind: 'card' | 'bank'; href: string; t: Texts }) {
  return (
    <div className="card payment__section payment__save">
      <p>
        {`${kind === 'card' ? t.stepUpCard : t.stepUpBank} `}
        <a href={href}>{t.stepUpLink}</a>
      </p>
      <p className="field__hint">{t.stepUpWhy}</p>
    </div>
  )
}
