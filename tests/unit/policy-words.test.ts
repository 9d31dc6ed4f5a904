import { describe, expect, it } from 'vitest'
import { policyWordIn } from '../../shared/policy/policy-words'

describe('the words a policy carries, in Spanish (issue 36)', () => {
  it('says a claim’s status and peril in Spanish, a policy’s status in the feminine of póliza', () => {
    expect(policyWordIn('es', 'Closed')).toBe('Cerrado')
    expect(policyWordIn('es', 'Closed Without Payment')).toBe('Cerrado sin pago')
    expect(policyWordIn('es', 'Reported')).toBe('Reportado')
    expect(policyWordIn('es', 'Water Damage')).toBe('Daños por agua')
    expect(policyWordIn('es', 'Active')).toBe('Activa')
  })

  it('shows a word it does not know as the system wrote it, and English as it is', () => {
    expect(policyWordIn('es', 'Subrogation Pending')).toBe('Subrogation Pending')
    expect(policyWordIn('en', 'Closed')).toBe('Closed')
    expect(policyWordIn('es', ' Open ')).toBe('Abierto')
  })
})
