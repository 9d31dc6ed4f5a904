import type { RefObject } from 'react'
import type { Notice } from './store'

/** The text with the support number as a tap-to-call link that does not break across lines. */
export function WithPhoneLink({ text, phone }: { text: string; phone: string }) {
  const parts = text.split(phone)
  return (
    <>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed text, never reordered
        <span key={i}>
          {part}
          {i < parts.length - 1 && (
            <a className="payment__phone" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
              {phone}
            </a>
          )}
        </span>
      ))}
    </>
  )
}

/** What the last Submit came to, beside the button (focused when it changes). */
export function PaymentNotice({
  notice,
  supportPhone,
  noticeRef,
}: {
  notice: Notice | null
  supportPhone: string
  noticeRef: RefObject<HTMLDivElement | null>
}) {
  return (
    <div ref={noticeRef} tabIndex={-1} role="alert" className={notice ? (notice.kind === 'error' ? 'alert alert--error' : 'alert alert--info') : undefined}>
      {notice && (
        <p>
          <WithPhoneLink text={notice.text} phone={supportPhone} />
        </p>
      )}
    </div>
  )
}
