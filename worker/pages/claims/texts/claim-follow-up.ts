import { defineTexts } from '../../../../shared/i18n/catalog'
import { FOLLOW_UP_TEXT } from '../../../../shared/claims/follow-up/reported-follow-up'

/** Under a reported claim's success message (issue 32 item 6), in both languages (issue 36). */
export const claimFollowUpTexts = defineTexts(
  {
    nextHeading: FOLLOW_UP_TEXT.nextHeading,
    next1: FOLLOW_UP_TEXT.next[0],
    next2: FOLLOW_UP_TEXT.next[1],
    emergencyHeading: FOLLOW_UP_TEXT.emergencyHeading,
    vendor: FOLLOW_UP_TEXT.vendor,
    vendorNotHeard: FOLLOW_UP_TEXT.vendorNotHeard,
    company: FOLLOW_UP_TEXT.company,
    reimbursement: FOLLOW_UP_TEXT.reimbursement,
    mitigation: FOLLOW_UP_TEXT.mitigation,
    mitigationLine: (name: string) => `${name} Mitigation Requested`,
    link: FOLLOW_UP_TEXT.link,
  },
  {
    nextHeading: 'Qué sigue',
    next1:
      'Estamos enviando su reclamo a nuestro equipo de reclamos. La página de su reclamo mostrará su número de reclamo cuando lo tengan, y cada paso después.',
    next2:
      'Le enviamos un correo electrónico cuando se asigne un ajustador, cuando se pidan documentos y cuando se emita un pago. Cada correo tiene un enlace a su reclamo.',
    emergencyHeading: 'Ayuda de emergencia que pidió',
    vendor: (services) =>
      `Nos pidió enviar un proveedor nacional para: ${services}. Estamos consultando a nuestra red de proveedores; la página de su reclamo mostrará quién va y cuándo, una vez que un proveedor acepte.`,
    vendorNotHeard: 'Si no sabe nada de ellos en 24 horas, llame a nuestra línea de reclamos al',
    company: (company, service) => `Nos dijo que ${company} está haciendo reparaciones de emergencia${service ? ` (${service})` : ''}.`,
    reimbursement: 'El reembolso de estos servicios no está confirmado hasta que termine la investigación de su reclamo.',
    mitigation: 'Se envió a nuestro equipo de reclamos con su reclamo:',
    mitigationLine: (name) => `Mitigación de ${name} solicitada`,
    link: 'Ver su reclamo',
  },
)
