import type { Page } from '@playwright/test'

/** The form's labels in each language, and the payer each language's journeys type (issue 36). */
const FORM = {
  en: {
    number: 'Credit Card Number *',
    month: 'Expiration Month *',
    year: 'Expiration Year *',
    name: 'Name on Account *',
    address: 'Billing Address *',
    city: 'Billing City *',
    state: 'Billing State *',
    zip: 'Billing Zip Code *',
    payer: { name: 'Casey Whitfield', address: '1 Main St', city: 'Atlanta', state: 'GA', zip: '30305' },
  },
  es: {
    number: 'Número de tarjeta de crédito *',
    month: 'Vencimiento: Mes *',
    year: 'Vencimiento: Año *',
    name: 'Nombre en la cuenta *',
    address: 'Dirección de facturación *',
    city: 'Ciudad de facturación *',
    state: 'Estado de facturación *',
    zip: 'Código postal de facturación *',
    payer: { name: 'María Muñoz', address: '1 Calle Sol', city: 'Miami', state: 'FL', zip: '33101' },
  },
} as const

type Language = keyof typeof FORM

/** The payer's name each language's journeys type, for a test that checks it is kept. */
export const payerName = (language: Language) => FORM[language].payer.name

/** The Make a Payment form as a payer fills it (the e2e payment journeys share these). */
export async function fillBilling(page: Page, language: Language = 'en'): Promise<void> {
  const f = FORM[language]
  await page.getByLabel(f.name).fill(f.payer.name)
  await page.getByLabel(f.address).fill(f.payer.address)
  await page.getByLabel(f.city).fill(f.payer.city)
  await page.getByLabel(f.state).selectOption(f.payer.state)
  await page.getByLabel(f.zip).fill(f.payer.zip)
}

export async function fillCard(page: Page, number: string, language: Language = 'en'): Promise<void> {
  const f = FORM[language]
  await page.getByLabel(f.number).fill(number)
  await page.getByLabel(f.month).selectOption('07')
  await page.getByLabel(f.year).selectOption({ index: 4 })
  await page.getByLabel('CVV *').fill('123')
}
