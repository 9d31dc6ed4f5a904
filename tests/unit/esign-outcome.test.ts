import { describe, expect, it } from 'vitest'
import { ESIGN_HISTORY_LINK, esignSuccessHtml } from '../../shared/esign/outcome'

describe('esignSuccessHtml (issue 21 item 9)', () => {
  it("links the spec's own words when the text names the E-Signatures page, escaping the rest", () => {
    expect(esignSuccessHtml('Thank you <b>. You can see it on the E-Signatures page.', '/e-sign-history')).toBe(
      'Thank you &#60;b&#62;. You can see it on the <a href="/e-sign-history">E-Signatures page</a>.',
    )
  })

  it('adds the link after a text that does not name the page', () => {
    expect(esignSuccessHtml('Signed.', '/e-sign-history')).toBe(`Signed. <a href="/e-sign-history">${ESIGN_HISTORY_LINK}</a>`)
  })
})
