import { describe, expect, it } from 'vitest'
import { findEnglish } from '../support/find-english'
import { paymentNotCompletedMail, paymentReceiptMail } from '../../worker/services/payments/payment-mail'
import { autopayDeclinedMail, autopayEnrolledMail, autopayStoppedMail } from '../../worker/services/payments/autopay-mail'
import { reminderSubjectIn, reminderTextIn } from '../../shared/payments/texts/reminders'
import { bankAuthorizationTextIn } from '../../shared/payments/texts/authorization'
import type { ReminderFacts } from '../../shared/payments/reminders'

/**
 * Issue 36: each payment mail in Spanish, subject and body, with no English left (the portal's address,
 * names, numbers and the brand excepted); English stays as it was (the existing tests of each mail).
 */
const PHONE = '1-800-555-0134'
const noEnglish = (mail: { subject: string; text: string }) => expect(findEnglish(`${mail.subject}\n${mail.text}`, ['Visa'])).toEqual([])

describe('the payment mails in Spanish', () => {
  it('the receipt of a bank payment, with the authorization the payer accepted in Spanish', () => {
    const authorizationText = bankAuthorizationTextIn('es', {
      amountCents: 12000,
      date: '2026-11-15',
      accountLast4: '6789',
      policyId: 'HOM4010001',
      supportPhone: PHONE,
    })
    const mail = paymentReceiptMail(
      'maria@example.com',
      {
        confirmationNumber: 'P7K2M9Q4XAB',
        policyId: 'HOM4010001',
        state: 'GA',
        payerName: 'María Muñoz',
        amountCents: 12000,
        method: { kind: 'bank', last4: '6789', checkNumber: '1001' },
        paidAt: Date.UTC(2026, 10, 15, 20, 4),
        authorizationText,
        supportPhone: PHONE,
      },
      'https://portal.example/v1/common/PaymentReceipt/P7K2M9Q4XAB',
      'es',
    )
    expect(mail.subject).toBe('Su recibo de pago de ProgHome, confirmación P7K2M9Q4XAB')
    expect(mail.text).toContain('Método de pago: Cuenta bancaria que termina en 6789 (cheque 1001)')
    expect(mail.text).toContain('Fecha: 15 nov 2026, 3:04 PM EST')
    expect(mail.text).toContain(`Autorización de la cuenta bancaria:\n${authorizationText}`)
    noEnglish(mail)
  })

  it("'did not go through', automatic payments on, off and declined", () => {
    const notCompleted = paymentNotCompletedMail(
      'a@b.co',
      {
        policyId: 'HOM4010001',
        amountCents: 5000,
        methodLabel: 'Visa que termina en 1111',
        createdAt: Date.UTC(2026, 10, 15, 15),
        state: 'GA',
        supportPhone: PHONE,
      },
      'es',
    )
    expect(notCompleted.subject).toBe('Su pago de ProgHome de la póliza HOM4010001 no se completó')
    noEnglish(notCompleted)
    const on = autopayEnrolledMail(
      'a@b.co',
      {
        policyId: 'HOM4010001',
        methodLabel: 'Visa que termina en 1111',
        termsText: 'Autorizo a ProgHome Insurance a cobrar a mi Visa.',
        nextDraft: 'Su próximo pago automático es el 1 dic 2026.',
        supportPhone: PHONE,
      },
      'es',
    )
    expect(on.subject).toBe('Los pagos automáticos están activos para la póliza HOM4010001')
    noEnglish(on)
    const off = autopayStoppedMail('a@b.co', { policyId: 'HOM4010001', supportPhone: PHONE }, 'es')
    expect(off.subject).toBe('Los pagos automáticos están desactivados para la póliza HOM4010001')
    noEnglish(off)
    const declined = autopayDeclinedMail(
      'a@b.co',
      {
        policyId: 'HOM4010001',
        amountCents: 24000,
        methodLabel: 'Visa que termina en 1111',
        dueDate: '2026-12-01',
        portalUrl: 'https://portal.example',
        supportPhone: PHONE,
      },
      'es',
    )
    expect(declined.subject).toBe('Su pago automático de la póliza HOM4010001 no se completó')
    expect(declined.text).toContain('con vencimiento el 1 dic 2026')
    noEnglish(declined)
  })

  it('the reminders, each kind, a flood renewal with its lapse warning', () => {
    for (const kind of ['due-in-7', 'due-in-1', 'past-due'] as const) {
      const f: ReminderFacts = {
        kind,
        policyId: 'FLD4010003',
        amountCents: 142300,
        dueDate: '2026-12-01',
        floodRenewal: true,
        portalUrl: 'https://portal.example',
        supportPhone: PHONE,
      }
      const mail = { subject: reminderSubjectIn('es', f), text: reminderTextIn('es', f) }
      expect(mail.subject).toContain('Su pago de la póliza FLD4010003')
      expect(mail.text).toContain('Esta es la renovación de su seguro de inundación.')
      noEnglish(mail)
    }
  })
})
