import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import ConfirmRemovePolicy from '../../islands/confirm-remove-policy'
import { confirmRemovePolicyPropsSchema, type ConfirmRemovePolicyProps } from '../../shared/schemas/islands'

const props: ConfirmRemovePolicyProps = { policyId: 'FLD4010003', confirmUrl: '/manage-policies/remove', disabled: false }

afterEach(cleanup)

describe('confirm-remove-policy island', () => {
  it('renders, before hydration, a GET form to the confirmation page (what works without script)', () => {
    const html = renderToString(<ConfirmRemovePolicy {...props} />)
    expect(html).toMatch(/<form[^>]*action="\/manage-policies\/remove" method="get"/)
    expect(html).toContain('name="policyId" value="FLD4010003"')
    expect(html).toMatch(/<dialog[^>]*>/)
    expect(html).not.toMatch(/<dialog[^>]*open/)
  })

  it('Remove opens the modal with the spec texts and the policy id; focus goes to No', () => {
    render(<ConfirmRemovePolicy {...props} />)
    fireEvent.click(screen.getByRole('button', { name: 'Remove policy FLD4010003' }))
    const dialog = screen.getByRole('dialog', { name: 'Confirm Remove Policy from Profile' })
    expect(dialog.hasAttribute('open')).toBe(true)
    expect(dialog.textContent).toContain('Are you sure you want to remove this policy?')
    expect(dialog.textContent).toContain('FLD4010003')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'No' }))
  })

  it('No closes the modal; Yes posts the policy to the confirmation page', () => {
    render(<ConfirmRemovePolicy {...props} />)
    fireEvent.click(screen.getByRole('button', { name: 'Remove policy FLD4010003' }))
    const yes = screen.getByRole('button', { name: 'Yes' })
    const form = yes.closest('form')!
    expect(form.getAttribute('method')).toBe('post')
    expect(form.getAttribute('action')).toBe('/manage-policies/remove')
    expect((form.elements.namedItem('policyId') as HTMLInputElement).value).toBe('FLD4010003')
    fireEvent.click(screen.getByRole('button', { name: 'No' }))
    expect(document.querySelector('dialog')!.hasAttribute('open')).toBe(false)
  })

  it('Remove is disabled when only one policy remains', () => {
    render(<ConfirmRemovePolicy {...props} disabled />)
    expect((screen.getByRole('button', { name: 'Remove policy FLD4010003' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('props are checked: a policy number and a path on this site', () => {
    expect(confirmRemovePolicyPropsSchema.safeParse(props).success).toBe(true)
    expect(confirmRemovePolicyPropsSchema.safeParse({ ...props, confirmUrl: '//evil.example/x' }).success).toBe(false)
    expect(confirmRemovePolicyPropsSchema.safeParse({ ...props, policyId: '<script>' }).success).toBe(false)
  })
})
