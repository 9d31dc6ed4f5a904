import { defineTexts } from '../../../../shared/i18n/catalog'
import { CLAIM_PAGE_TEXT, FLOOD_BALANCE_MESSAGE } from '../../../../shared/claims/messages'
import { DEAD_END_TEXTS } from '../../../../shared/policy/dead-ends'

/** Report a Claim's page around the island (spec 001 sections 2, 7, 8), in both languages (issue 36). */
export const reportClaimPageTexts = defineTexts(
  {
    heading: 'Report a Claim',
    floodBalance: FLOOD_BALANCE_MESSAGE,
    floodBalanceCall: DEAD_END_TEXTS.en.floodBalanceCall,
    floodBalancePay: DEAD_END_TEXTS.en.floodBalancePay,
    makePayment: 'Make a Payment',
    introLead: CLAIM_PAGE_TEXT.introLead,
    haveReadyHeading: CLAIM_PAGE_TEXT.haveReadyHeading,
    haveReady1: CLAIM_PAGE_TEXT.haveReady[0],
    haveReady2: CLAIM_PAGE_TEXT.haveReady[1],
    haveReady3: CLAIM_PAGE_TEXT.haveReady[2],
    haveReady4: CLAIM_PAGE_TEXT.haveReady[3],
    contactPromise: CLAIM_PAGE_TEXT.contactPromise,
    noClaimNumber: CLAIM_PAGE_TEXT.noClaimNumber,
  },
  {
    heading: 'Reportar un reclamo',
    floodBalance: 'No puede reportar un reclamo hasta que la póliza esté pagada por completo.',
    floodBalanceCall: DEAD_END_TEXTS.es.floodBalanceCall,
    floodBalancePay: DEAD_END_TEXTS.es.floodBalancePay,
    makePayment: 'Realizar un pago',
    introLead: 'Puede reportar un reclamo en línea con el formulario de abajo, o llamar a nuestra línea de reclamos al',
    haveReadyHeading: 'Tenga a mano lo siguiente:',
    haveReady1: 'Su número de póliza',
    haveReady2: 'La fecha de la pérdida',
    haveReady3: 'La dirección donde ocurrió la pérdida',
    haveReady4: 'Números de teléfono donde podamos comunicarnos con usted',
    contactPromise: 'Un representante de reclamos se comunicará con usted dentro de 48 horas hábiles.',
    noClaimNumber: 'Si no ve un número de reclamo después de hacer clic en Reportar reclamo, llámenos para recibir ayuda al',
  },
)
