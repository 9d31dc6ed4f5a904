import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'

vi.mock('../../static/build/manifest.json', async () => (await import('../support/fake-manifest')).fakeManifest([], {}))

const { serverHtml } = await import('./server-html')
const { enhanceAll } = await import('../../islands/ui/script-island')
const { enhanceRemovePolicy } = await import('../../islands/confirm-remove-policy/remove-policy')

/** Remove and its confirm modal, a script island (decision 198): the worker's markup, then its script. */
let consoleError: MockInstance<typeof console.error>

async function page(disabled = false) {
  document.body.innerHTML = await serverHtml('worker/pages/identity/remove-policy.tsx', 'RemovePolicy', { policyId: 'FLD4010003', disabled })
}
const enhance = () => enhanceAll('confirm-remove-policy', enhanceRemovePolicy)
const remove = () => document.querySelector<HTMLButtonElement>('form[method="get"] button')!
const dialog = () => document.querySelector('dialog')!
const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name)!

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

describe('confirm-remove-policy script island', () => {
  it('without script: Remove submits a GET form to the confirmation page; the modal is there, closed', async () => {
    await page()
    const form = remove().form!
    expect(form.getAttribute('method')).toBe('get')
    expect(form.getAttribute('action')).toBe('/manage-policies/remove')
    expect((form.elements.namedItem('policyId') as HTMLInputElement).value).toBe('FLD4010003')
    expect(remove().type).toBe('submit')
    expect(remove().textContent).toBe('Remove policy FLD4010003')
    expect(dialog().open).toBe(false)
    expect(dialog().getAttribute('aria-labelledby')).toBe(dialog().querySelector('h2')!.id)
  })

  it('Remove opens the modal with the spec texts and the policy id; focus goes to No', async () => {
    await page()
    enhance()
    expect(remove().type).toBe('button')
    expect(remove().form!.hasAttribute('data-enhanced')).toBe(true)
    remove().click()
    expect(dialog().open).toBe(true)
    expect(dialog().querySelector('h2')!.textContent).toBe('Confirm Remove Policy from Profile')
    expect(dialog().textContent).toContain('Are you sure you want to remove this policy?')
    expect(dialog().textContent).toContain('FLD4010003')
    expect(document.activeElement).toBe(button('No'))
    expect(consoleError).not.toHaveBeenCalled()
  })

  it('No closes the modal; Yes posts the policy to the confirmation page', async () => {
    await page()
    enhance()
    remove().click()
    const form = button('Yes').form!
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('action')).toBe('/manage-policies/remove')
    expect((form.elements.namedItem('policyId') as HTMLInputElement).value).toBe('FLD4010003')
    button('No').click()
    expect(dialog().open).toBe(false)
  })

  it('Remove is disabled when only one policy remains', async () => {
    await page(true)
    enhance()
    expect(remove().disabled).toBe(true)
  })

  it('enhances each marker once', async () => {
    await page()
    enhance()
    enhance()
    remove().click()
    button('No').click()
    remove().click()
    expect(dialog().open).toBe(true)
  })

  it('a browser without modal dialogs keeps going to the confirmation page', async () => {
    await page()
    Object.defineProperty(dialog(), 'showModal', { value: undefined })
    enhance()
    expect(remove().type).toBe('submit')
    expect(consoleError).not.toHaveBeenCalled()
  })

  it('markup it cannot use is reported loudly', async () => {
    await page()
    dialog().remove()
    enhance()
    expect(document.querySelector('app-island')!.getAttribute('data-island-error')).toMatch(/dialog is missing/)
    expect(String(consoleError.mock.calls[0]?.[0])).toContain('"confirm-remove-policy"')
    expect(remove().type).toBe('submit')
  })
})
