import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import { expectMessage, floodProps, homeownersProps, jsonString, MATRIX, NOW_FL, NOW_TX, SEED, typeAndLeave } from './claim-helpers'
import { reportClaimIslandTexts } from '../../shared/claims/texts/report-claim-island'
import { REPORT_FORM_MESSAGES } from '../../shared/claims/messages-es'
import { spanishMessagesOf } from '../../shared/i18n/messages'
import { findEnglish } from '../support/find-english'

vi.mock('../../islands/ui/navigate', () => ({ goTo: vi.fn() }))
vi.mock('../../islands/report-claim/now', () => ({ now: vi.fn() }))

const { default: ReportClaim } = await import('../../islands/report-claim')
const { now } = await import('../../islands/report-claim/now')

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/**
 * Issue 36: the report-claim island in Spanish, from the texts and messages the page passes as props
 * (worker/pages/claims/report-claim.tsx): the forms' words and their client-side validation messages.
 */
const spanish = { locale: 'es' as const, texts: reportClaimIslandTexts.es, messages: spanishMessagesOf(REPORT_FORM_MESSAGES) }
/** The insured's and the policy's data, and the claims matrix's causes (the claims system's words). */
const DATA = ['Sam', 'Samuel', 'Okafor', 'Erin', 'Castellano', 'Shoal Creek Boulevard', 'Austin', 'Harbor Drive', 'Key Largo', 'sam.single@example.com']

let fetchMock: Mock<typeof fetch>

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input)
    if (url.includes('GetClaimsMatrix')) return jsonString({ result: MATRIX, Messages: [] })
    if (url.includes('GetPolicySeedDataForClaim')) return jsonString({ result: SEED, message: '' })
    return new Response('NO ROUTE FOR REQUEST', { status: 404 })
  })
  vi.stubGlobal('fetch', fetchMock)
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** The island's markup as a person reads it, the state names of the choices (names of places) left out. */
const shown = () => document.body.innerHTML.replace(/<select[\s\S]*?<\/select>/g, '')

describe('the report-claim island in Spanish', () => {
  it('serves the no-script notice in Spanish', () => {
    const html = renderToString(<ReportClaim {...homeownersProps(spanish)} />)
    expect(html).toContain('El formulario de reclamo necesita JavaScript.')
    expect(findEnglish(html)).toEqual([])
  })

  it('homeowners: every label in Spanish, and Report Claim on an empty form says what is missing in Spanish', async () => {
    vi.mocked(now).mockReturnValue(NOW_TX)
    render(<ReportClaim {...homeownersProps(spanish)} />)
    expect(findEnglish(shown(), DATA)).toEqual([])
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Reportar reclamo' }))
    })
    expectMessage(screen.getByLabelText('Fecha de la pérdida *'), 'La fecha de la pérdida es obligatoria.')
    expectMessage(screen.getByLabelText('Descripción breve de la pérdida o los daños *'), 'La descripción breve de la pérdida o los daños es obligatoria.')
    expect(findEnglish(shown(), DATA)).toEqual([])
  })

  it('homeowners: once a date of loss loads the causes, the choices and the deductibles are in Spanish', async () => {
    vi.mocked(now).mockReturnValue(NOW_TX)
    render(<ReportClaim {...homeownersProps(spanish)} />)
    await act(async () => {
      typeAndLeave(screen.getByLabelText('Fecha de la pérdida *') as HTMLInputElement, '2026-11-21')
    })
    expect(screen.getByRole('radiogroup', { name: /¿Se debe al clima\?/ })).toBeTruthy()
    expect(screen.getByText('Sus deducibles')).toBeTruthy()
    // The causes are the claims system's data, shown as it sends them; everything around them is Spanish.
    const causes = MATRIX.flatMap((row) => [row.PerilDescription, row.SubPerilDescription])
    // Left in English, listed in the issue 36 note: the policy's deductible peril as the claim seed sends it, and
    // the fraud warning's legal sentence (the policy's legal texts stay as written).
    const leftEnglish = ['All Other Perils', 'Any person who knowingly presents a false claim is guilty of a crime.']
    expect(findEnglish(shown(), [...DATA, ...causes, ...leftEnglish])).toEqual([])
  })

  it('flood: labels and the future-date message in Spanish', async () => {
    vi.mocked(now).mockReturnValue(NOW_FL)
    render(<ReportClaim {...floodProps(spanish)} />)
    expect(findEnglish(shown(), DATA)).toEqual([])
    await act(async () => {
      typeAndLeave(screen.getByLabelText('Fecha de la pérdida *') as HTMLInputElement, '2027-01-01')
    })
    expect(document.body.textContent).toContain('No puede escribir una fecha futura.')
    expect(screen.getByLabelText('Hora de la pérdida *')).toBeTruthy()
    // The report's date names its month in Spanish (decision 229: 11/23 reads as 11 December in Mexico).
    expect(screen.getByText('23 nov 2026 09:20:00 AM')).toBeTruthy()
  })

  it('a chosen file the form refuses is told in Spanish', async () => {
    vi.mocked(now).mockReturnValue(NOW_FL)
    render(<ReportClaim {...floodProps(spanish)} />)
    const input = screen.getByLabelText('Agregar fotos o archivos') as HTMLInputElement
    await act(async () => void fireEvent.change(input, { target: { files: [new File([], 'vacia.jpg', { type: 'image/jpeg' })] } }))
    expect(document.body.textContent).toContain('El archivo vacia.jpg está vacío.')
  })
})
