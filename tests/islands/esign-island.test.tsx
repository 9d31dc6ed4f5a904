import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { esignTerms } from '../../shared/esign/terms'
import { ESIGN_ISLAND_TEXTS } from '../../shared/esign/texts'
import { spanishMessagesOf } from '../../shared/i18n/messages'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import { consentLabel, type ESignProps } from '../../shared/esign/schemas/esign'
import { esignProps } from '../support/esign-props'
import { esignPropsSchema } from '../../shared/esign/schemas/esign'
import { MSG } from '../../shared/forms/messages'

vi.mock('../../islands/ui/navigate', () => ({ goTo: vi.fn() }))

const { default: ESign } = await import('../../islands/e-sign')
const { goTo } = await import('../../islands/ui/navigate')

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const INITIALS = 'Initials are required'
const TERMS = 'Please check the box to agree to the terms and conditions before proceeding.'
const NAME = 'The Applicant Signature field is required.'
const STORE = MSG.storeUnavailable

const props: ESignProps = esignProps

const CONSENT = 'I agree to conduct this transaction for policy HOM4010001 electronically pursuant to the terms & conditions *'

let fetchMock: Mock<typeof fetch>
let consoleError: Mock

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => new Response('Thank you.', { status: 200 }))
  vi.stubGlobal('fetch', fetchMock)
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {}) as unknown as Mock
  vi.mocked(goTo).mockClear()
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const initials = (n: number) => screen.getByLabelText(`Initials for statement ${n} *`)
const agree = () => screen.getByLabelText(CONSENT)
const fullName = () => screen.getByLabelText('Applicant Signature *')
const signNow = () => screen.getByRole('button', { name: 'Sign Now' })
const messages = (text: string) => screen.queryAllByText(text, { exact: true })

async function clickSignNow() {
  await act(async () => {
    fireEvent.click(signNow())
  })
}

function type(el: HTMLElement, value: string) {
  fireEvent.change(el, { target: { value } })
}

function fillValid() {
  props.statements.forEach((_, i) => type(initials(i + 1), 'MD'))
  fireEvent.click(agree())
  type(fullName(), 'Maria Delgado')
}

/** Calls to the e-sign post (the log endpoint is counted separately). */
const esignCalls = () => fetchMock.mock.calls.filter(([url]) => url === props.postUrl)
const logCalls = () => fetchMock.mock.calls.filter(([url]) => url === props.logUrl)

describe('e-sign island: the server render', () => {
  it('has valid props for the schema the worker and client check', () => {
    expect(esignPropsSchema.safeParse(props).success).toBe(true)
  })

  it('renders a plain form that posts to /e-sign, with the terms open to read without script', () => {
    const html = renderToString(<ESign {...props} />)
    expect(html).toContain('action="/e-sign" method="post"')
    expect(html).toContain('name="initials-0"')
    expect(html).toContain('name="agreeToTerms"')
    expect(html).toContain('name="applicantSignature"')
    expect(html).toContain('<details class="esign-terms">')
    expect(html).toContain('Adobe Acrobat Reader 4.0 or greater')
    expect(html).not.toContain('role="dialog"')
    expect(html).not.toContain(INITIALS)
  })

  it('shows the errors a refused no-script post came back with, first field focused', () => {
    const html = renderToString(
      <ESign
        {...props}
        values={{ initials: ['MD', '', 'MD'], agreeToTerms: false, applicantSignature: '' }}
        errors={{ 'initials-1': INITIALS, agreeToTerms: TERMS, applicantSignature: NAME }}
      />,
    )
    expect(html.split(INITIALS).length - 1).toBe(1)
    expect(html).toContain(TERMS)
    expect(html).toContain(NAME)
    expect(html).toMatch(/<input[^>]*id="esign-initials-1"[^>]*autofocus/)
  })
})

describe('e-sign island: the screen', () => {
  it('lists each statement with an asterisk, the documents, the acknowledgement, the agent note, Sign Later', () => {
    render(<ESign {...props} />)
    for (const s of props.statements) expect(screen.getByText(`* ${s.statementText}`)).toBeTruthy()
    expect(screen.getByText('* marks a required field')).toBeTruthy()
    expect(screen.getByRole('link', { name: /^Application/ }).getAttribute('href')).toBe('/e-sign/document/application')
    expect(screen.getByRole('link', { name: /^CEA Application/ }).getAttribute('href')).toBe('/e-sign/document/cea-application')
    expect(screen.getByText("Applicant's acknowledgement.")).toBeTruthy()
    expect(screen.getByText(/please contact your agent, Golden State Insurance Agency, at/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Sign Later' }).getAttribute('href')).toBe('/policy-information')
    expect(initials(1).getAttribute('maxlength')).toBe('3')
    expect(agree().getAttribute('type')).toBe('checkbox')
  })
})

describe('e-sign island: validation on Sign Now (lazy)', () => {
  it('shows nothing before Sign Now, even after typing and clearing', () => {
    render(<ESign {...props} />)
    type(initials(1), 'M')
    type(initials(1), '')
    type(fullName(), '')
    expect(messages(INITIALS)).toHaveLength(0)
    expect(messages(TERMS)).toHaveLength(0)
    expect(messages(NAME)).toHaveLength(0)
  })

  it('shows every message, focuses the first initials box, and sends nothing', async () => {
    render(<ESign {...props} />)
    await clickSignNow()
    expect(messages(INITIALS)).toHaveLength(props.statements.length)
    expect(messages(TERMS)).toHaveLength(1)
    expect(messages(NAME)).toHaveLength(1)
    expect(document.activeElement).toBe(initials(1))
    expect(initials(1).getAttribute('aria-invalid')).toBe('true')
    expect(initials(1).getAttribute('aria-describedby')).toContain('esign-initials-0-error')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('moves the focus to the first initials still missing', async () => {
    render(<ESign {...props} />)
    type(initials(1), 'MD')
    type(initials(2), 'MD')
    await clickSignNow()
    expect(messages(INITIALS)).toHaveLength(1)
    expect(document.activeElement).toBe(initials(3))
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('moves the focus to the terms checkbox when only it and the name are missing', async () => {
    render(<ESign {...props} />)
    props.statements.forEach((_, i) => type(initials(i + 1), 'MD'))
    await clickSignNow()
    expect(messages(INITIALS)).toHaveLength(0)
    expect(messages(TERMS)).toHaveLength(1)
    expect(document.activeElement).toBe(agree())
    expect(agree().getAttribute('aria-describedby')).toBe('esign-agree-error')
  })

  it('moves the focus to the full name when it alone is missing', async () => {
    render(<ESign {...props} />)
    props.statements.forEach((_, i) => type(initials(i + 1), 'MD'))
    fireEvent.click(agree())
    type(fullName(), '   ')
    await clickSignNow()
    expect(messages(NAME)).toHaveLength(1)
    expect(messages(TERMS)).toHaveLength(0)
    expect(document.activeElement).toBe(fullName())
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('refuses initials over 3 characters (pasted past the box limit)', async () => {
    render(<ESign {...props} />)
    fillValid()
    type(initials(2), 'MDXY')
    await clickSignNow()
    expect(messages('The maximum length allowed is 3')).toHaveLength(1)
    expect(document.activeElement).toBe(initials(2))
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('after the first Sign Now, a message leaves as soon as its field is fixed', async () => {
    render(<ESign {...props} />)
    await clickSignNow()
    type(initials(1), 'MD')
    expect(messages(INITIALS)).toHaveLength(props.statements.length - 1)
    fireEvent.click(agree())
    expect(messages(TERMS)).toHaveLength(0)
    fireEvent.click(agree())
    expect(messages(TERMS)).toHaveLength(1)
  })
})

describe('e-sign island: submission', () => {
  it('posts the spec submission (userId empty) with the JSON header, then opens the system-message page on 200', async () => {
    render(<ESign {...props} />)
    fillValid()
    await clickSignNow()
    expect(esignCalls()).toHaveLength(1)
    const [url, init] = esignCalls()[0]!
    expect(url).toBe('/v1/homeowners/PostESignatures/HOM4010001')
    expect(init?.method).toBe('POST')
    expect(init?.credentials).toBe('same-origin')
    expect((init?.headers as Record<string, string>)['X-Requested-With']).toBe('portal')
    expect(JSON.parse(String(init?.body))).toEqual({
      policyId: 'HOM4010001',
      inceptionDate: '2025-11-15',
      effectiveDate: '2026-11-15',
      postDate: '2026-10-01',
      userId: '',
      companyId: '15',
      planId: 'HO3',
      state: 'CA',
      signatures: props.statements.map((s) => ({ statementId: s.statementId, statementText: s.statementText, eSignature: 'MD' })),
      agreeToTerms: true,
      termsVersion: 'esign-terms-2026-11',
      applicantSignature: 'Maria Delgado',
    })
    expect(goTo).toHaveBeenCalledWith('/system-message')
  })

  it('sends an Idempotency-Key: the same submission sent again keeps it, a changed one gets a new one', async () => {
    // An empty answer leaves the user on the page, free to send again.
    fetchMock.mockImplementation(async () => new Response('', { status: 200 }))
    render(<ESign {...props} />)
    fillValid()
    await clickSignNow()
    await clickSignNow()
    type(fullName(), 'Maria D. Delgado')
    await clickSignNow()
    const keys = esignCalls().map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key'])
    expect(keys).toHaveLength(3)
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/)
    expect(keys[1]).toBe(keys[0])
    expect(keys[2]).toMatch(/^[0-9a-f]{32}$/)
    expect(keys[2]).not.toBe(keys[0])
  })

  it('opens the system-message page on 202 too (the server shows the text as an error)', async () => {
    fetchMock.mockImplementation(async () => new Response('The documents have changed.', { status: 202 }))
    render(<ESign {...props} />)
    fillValid()
    await clickSignNow()
    expect(goTo).toHaveBeenCalledWith('/system-message')
  })

  it('shows the spinner while the post runs, and a second click sends nothing more', async () => {
    let answer!: (r: Response) => void
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)))
    render(<ESign {...props} />)
    fillValid()
    await clickSignNow()
    expect(screen.getByTestId('esign-spinner')).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('Submitting your e-signature. Please wait.')
    expect(signNow().getAttribute('aria-disabled')).toBe('true')
    await clickSignNow()
    expect(esignCalls()).toHaveLength(1)
    await act(async () => {
      answer(new Response('', { status: 200 }))
    })
    expect(screen.queryByTestId('esign-spinner')).toBeNull()
  })

  it('does nothing on an empty body: no page change, no log, the spinner goes', async () => {
    fetchMock.mockImplementation(async () => new Response('', { status: 200 }))
    render(<ESign {...props} />)
    fillValid()
    await clickSignNow()
    expect(goTo).not.toHaveBeenCalled()
    expect(logCalls()).toHaveLength(0)
    expect(screen.queryByTestId('esign-spinner')).toBeNull()
    expect(signNow().getAttribute('aria-disabled')).toBeNull()
  })

  it.each([400, 401, 404, 500, 503])("logs 'unexpected http response' for %i and stays on the page", async (status) => {
    fetchMock.mockImplementation(async (url) =>
      url === props.postUrl ? Response.json({ errorMessage: 'x' }, { status }) : new Response(null, { status: 204 }),
    )
    render(<ESign {...props} />)
    fillValid()
    await clickSignNow()
    expect(goTo).not.toHaveBeenCalled()
    expect(consoleError).toHaveBeenCalledWith('[e-sign] unexpected http response', status)
    expect(logCalls()).toHaveLength(1)
    const body = JSON.parse(String(logCalls()[0]![1]?.body)) as Record<string, string>
    expect(body).toEqual({ loggingLevel: 'Error', pageName: 'ESignature', functionName: 'signNow', message: 'unexpected http response' })
    expect(JSON.stringify(body)).not.toContain('Maria')
    expect(screen.queryByTestId('esign-spinner')).toBeNull()
    // Only our store's failure (503, decision 144) has a message to show; the others show nothing.
    expect(screen.queryByRole('alert')?.textContent ?? null).toBe(status === 503 ? 'x' : null)
  })

  it("503 from our store: the server's message beside Sign Now, everything kept, Sign Now free again, and the retry sends the same key once", async () => {
    let answer = (): Response => Response.json({ errorMessage: STORE }, { status: 503 })
    fetchMock.mockImplementation(async (url) => (url === props.postUrl ? answer() : new Response(null, { status: 204 })))
    render(<ESign {...props} />)
    fillValid()
    await clickSignNow()

    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe(STORE)
    expect(alert.nextElementSibling?.contains(signNow())).toBe(true)
    expect(document.activeElement).toBe(alert)
    expect(goTo).not.toHaveBeenCalled()
    expect(consoleError).toHaveBeenCalledWith('[e-sign] unexpected http response', 503)
    expect(logCalls()).toHaveLength(1)
    props.statements.forEach((_, i) => expect((initials(i + 1) as HTMLInputElement).value).toBe('MD'))
    expect((agree() as HTMLInputElement).checked).toBe(true)
    expect((fullName() as HTMLInputElement).value).toBe('Maria Delgado')
    expect(signNow().getAttribute('aria-disabled')).toBeNull()
    expect(screen.queryByTestId('esign-spinner')).toBeNull()

    answer = () => new Response('Thank you.', { status: 200 })
    await clickSignNow()
    const [first, second] = esignCalls().map(([, init]) => init!)
    expect(esignCalls()).toHaveLength(2)
    expect((second!.headers as Record<string, string>)['Idempotency-Key']).toBe((first!.headers as Record<string, string>)['Idempotency-Key'])
    expect(second!.body).toBe(first!.body)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(goTo).toHaveBeenCalledWith('/system-message')
  })

  it('goes to the Error page when the post cannot be made (network)', async () => {
    fetchMock.mockImplementation(async (url) => {
      if (url === props.postUrl) throw new TypeError('Failed to fetch')
      return new Response(null, { status: 204 })
    })
    render(<ESign {...props} />)
    fillValid()
    await clickSignNow()
    expect(goTo).toHaveBeenCalledWith('/error')
    expect(logCalls()).toHaveLength(1)
  })
})

describe('e-sign island: the terms and conditions modal', () => {
  it('opens from its button, shows the disclosures and the California section, and closes with Escape, focus returning', async () => {
    render(<ESign {...props} />)
    const open = screen.getByRole('button', { name: 'Read the terms & conditions' })
    open.focus()
    await act(async () => {
      fireEvent.click(open)
    })
    const dialog = screen.getByRole('dialog', { name: 'Terms and Conditions for Electronic Signature' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(dialog.contains(document.activeElement)).toBe(true)
    const text = dialog.textContent ?? ''
    expect(text).toContain('Your right to paper copies')
    expect(text).toContain('How to withdraw your consent')
    expect(text).toContain('Hardware and software you need')
    expect(text).toContain('withdrawing your consent or failing to sign electronically removes that discount')
    expect(within(dialog).getByRole('heading', { name: 'Summary for California customers' })).toBeTruthy()
    expect(text).toContain('Adobe Acrobat Reader 4.0 or greater')
    await act(async () => {
      fireEvent.keyDown(document, { key: 'Escape' })
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(open)
  })

  it('keeps Tab inside the dialog and closes with its Close button', async () => {
    render(<ESign {...props} />)
    const open = screen.getByRole('button', { name: 'Read the terms & conditions' })
    open.focus()
    await act(async () => {
      fireEvent.click(open)
    })
    const dialog = screen.getByRole('dialog')
    const close = within(dialog).getByRole('button', { name: 'Close' })
    close.focus()
    await act(async () => {
      fireEvent.keyDown(document, { key: 'Tab' })
    })
    expect(dialog.contains(document.activeElement)).toBe(true)
    expect(document.activeElement).not.toBe(close)
    await act(async () => {
      fireEvent.click(close)
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(open)
  })

  it('has no California section for a policy outside California', async () => {
    // The page writes the terms for the policy's state (issue 36: they come as a prop, in the page's language).
    render(
      <ESign
        {...props}
        facts={{ ...props.facts, state: 'NC' }}
        terms={esignTerms({ policyId: props.policyId, state: 'NC', supportPhone: props.supportPhone })}
      />,
    )
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Read the terms & conditions' }))
    })
    const dialog = screen.getByRole('dialog')
    expect(dialog.textContent).not.toContain('California')
    expect(dialog.textContent).toContain('Your right to paper copies')
  })
})

describe('e-sign island in Spanish (issue 36): the words and messages the page sends', () => {
  const spanish: ESignProps = {
    ...props,
    texts: {
      ...ESIGN_ISLAND_TEXTS.es,
      consentLabel: consentLabel(props.policyId, 'es'),
      ...spanishMessagesOf([INITIALS, TERMS, NAME]),
    },
    terms: esignTerms({ policyId: props.policyId, state: 'CA', supportPhone: props.supportPhone, locale: 'es' }),
  }

  it('shows its words, and its own validation in Spanish after Firmar ahora', async () => {
    render(<ESign {...spanish} />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Se requiere firma electrónica')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Firmar ahora' }))
    })
    expect(screen.getAllByText('Las iniciales son obligatorias')).toHaveLength(3)
    expect(screen.getByText('Marque la casilla para aceptar los términos y condiciones antes de continuar.')).toBeTruthy()
    expect(screen.getByText('La firma del solicitante es obligatoria.')).toBeTruthy()
    expect(fetchMock).not.toHaveBeenCalled()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Leer los términos y condiciones' }))
    })
    expect(screen.getByRole('dialog').textContent).toContain('Resumen para clientes de California')
  })
})
