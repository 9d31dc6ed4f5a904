import type { Page } from '@playwright/test'

/** The Make a Payment form as a payer fills it (the e2e payment journeys share these). */
export async function fillBilling(page: Page): Promise<void> {
  await page.getByLabel('Name on Account *').fill('Casey Whitfield')
  await page.getByLabel('Billing Address *').fill('1 Main St')
  await page.getByLabel('Billing City *').fill('Atlanta')
  await page.getByLabel('Billing State *').selectOption('GA')
  await page.getByLabel('Billing Zip Code *').fill('30305')
}

export async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Credit Card Number *').fill(number)
  await page.getByLabel('Expiration Month *').selectOption('07')
  await page.getByLabel('Expiration Year *').selectOption({ index: 4 })
  await page.getByLabel('CVV *').fill('123')
}
