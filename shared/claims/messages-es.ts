import { CLAIM_MSG, CLAIM_REFUSAL, LOSS_TIME_REQUIRED, MATRIX_EMPTY_MESSAGE, SEED_EMPTY_MESSAGE } from './messages'
import { UPLOAD_MSG } from './uploads'
import { CONVERSATION_TEXT } from './follow-up/conversation'
import { conversationTexts } from './texts/conversation'
import { PAYOUT_TEXT } from './payout/payout-choice'
import { ADVANCE_TEXT } from './advance/advance-limits'

/**
 * Claims' validation and refusal messages in Spanish (issue 36, decision 229): the schemas keep spec 001's
 * English (the /v1 API answers it); a page shows one through messageIn, the report-claim island gets the
 * ones its form can show in its props (REPORT_FORM_MESSAGES, below).
 */
/** Listed in AREA_MESSAGES of shared/i18n/messages.ts (a SpanishMessages map: English text -> Spanish). */
export const CLAIMS_ES: Readonly<Record<string, string>> = {
  [CLAIM_MSG.lossDateRequired]: 'La fecha de la pérdida es obligatoria.',
  [CLAIM_MSG.lossDateFuture]: 'No puede escribir una fecha futura.',
  [CLAIM_MSG.lossDateInvalid]: 'La fecha de la pérdida no es una fecha válida.',
  [CLAIM_MSG.lossDateOutsidePeriod]: 'La fecha de la pérdida no está dentro del período de la póliza.',
  [CLAIM_MSG.weatherRequired]: 'Indique si la pérdida se debe al clima.',
  [CLAIM_MSG.causeRequired]: 'La causa de la pérdida es obligatoria.',
  [CLAIM_MSG.detailedCauseRequired]: 'La causa detallada de la pérdida es obligatoria.',
  [CLAIM_MSG.descriptionRequiredHomeowners]: 'La descripción breve de la pérdida o los daños es obligatoria.',
  [CLAIM_MSG.descriptionRequiredFlood]: 'La descripción breve de la pérdida o los daños es obligatoria.',
  [CLAIM_MSG.lossAddressRequired]: 'La dirección de la pérdida es obligatoria.',
  [CLAIM_MSG.cityRequired]: 'La ciudad es obligatoria.',
  [CLAIM_MSG.stateRequired]: 'El estado es obligatorio.',
  [CLAIM_MSG.zipRequired]: 'El código postal es obligatorio.',
  [CLAIM_MSG.phoneRequired]: 'Escriba al menos un número de teléfono.',
  [CLAIM_MSG.preferredContactRequired]: 'El teléfono de contacto preferido es obligatorio.',
  [CLAIM_MSG.emailRequired]: 'El correo electrónico es obligatorio.',
  [CLAIM_MSG.emailInvalid]: 'Escriba un correo electrónico válido.',
  [CLAIM_MSG.confirmEmailRequired]: 'Confirme el correo electrónico.',
  [CLAIM_MSG.emailMismatch]: 'Los correos electrónicos no coinciden.',
  [CLAIM_MSG.reportedByRequired]: 'Escriba quién reporta la pérdida.',
  [CLAIM_MSG.relationshipRequired]: 'La relación con el asegurado es obligatoria.',
  [CLAIM_MSG.reportedByPhoneRequired]: 'El número de teléfono es obligatorio',
  [CLAIM_MSG.serviceCommentRequired]: 'El comentario sobre el servicio es obligatorio.',
  [CLAIM_MSG.vendorAnswerRequired]: 'Este dato es obligatorio.',
  [CLAIM_MSG.serviceOptionsRequired]: 'Seleccione al menos un servicio de emergencia.',
  [LOSS_TIME_REQUIRED]: 'La hora de la pérdida es obligatoria.',
  'Please enter a phone number as ###-###-####.': 'Escriba el número de teléfono así: ###-###-####.',
  'Please enter a Zip Code as ##### or #####-####.': 'Escriba el código postal así: ##### o #####-####.',
  'Please choose a state from the list.': 'Elija un estado de la lista.',
  [MATRIX_EMPTY_MESSAGE]: 'No pudimos cargar las causas de pérdida',
  [SEED_EMPTY_MESSAGE]: 'No pudimos cargar los datos de su póliza',
  [UPLOAD_MSG.tooMany]: 'Puede adjuntar hasta 10 fotos o archivos a un reclamo.',
  [CLAIM_REFUSAL.notAllowed]: 'No se pueden reportar reclamos en línea para esta póliza. Llame a nuestra línea de reclamos.',
  [CLAIM_REFUSAL.policyMismatch]: 'El número de póliza del reclamo no coincide con la dirección.',
  [CLAIM_REFUSAL.invalid]: 'El reclamo tiene errores. Corríjalos e intente de nuevo.',
  [CLAIM_REFUSAL.unknownCause]: 'La causa detallada de la pérdida no es una de las causas de pérdida de esta póliza.',
  // The claim page's document form (worker/pages/claims/send-document-form.tsx).
  'Choose a photo or a PDF to send.': 'Elija una foto o un PDF para enviar.',
  'The file did not arrive whole. Please choose it and send it again.': 'El archivo no llegó completo. Elíjalo y envíelo otra vez.',
  'Choose one of the documents asked for, or Something else.': 'Elija uno de los documentos solicitados, u Otra cosa.',
  // How you get paid (decision 210); a paused form's message names its minutes, so it stays English.
  [PAYOUT_TEXT.methodRequired]: 'Elija depósito directo o un cheque por correo.',
  [PAYOUT_TEXT.holderRequired]: 'Escriba el nombre del titular de la cuenta.',
  [PAYOUT_TEXT.payeeRequired]: 'Escriba el nombre a quien se hace el cheque.',
  [PAYOUT_TEXT.address1Required]: 'Escriba la dirección a donde se envía el cheque.',
  [PAYOUT_TEXT.cityRequired]: 'Escriba la ciudad.',
  [PAYOUT_TEXT.stateRequired]: 'Elija el estado.',
  [PAYOUT_TEXT.zipRequired]: 'Escriba un código postal de 5 dígitos.',
  [PAYOUT_TEXT.notTokenized]:
    'Su banco no pudo confirmar esta cuenta, así que no se guardó. Revise el número de ruta y el número de cuenta, o elija un cheque por correo.',
  [PAYOUT_TEXT.unavailable]: 'No pudimos guardar su elección en este momento. No se cambió nada; intente más tarde.',
  [PAYOUT_TEXT.closed]: 'Este reclamo está cerrado, así que ya no puede cambiar aquí cómo se paga. Llámenos, por favor.',
  // Payment requests (decision 211).
  [ADVANCE_TEXT.amountRequired]: 'Escriba el monto que pide, en dólares (por ejemplo 2500 o 2,500.00).',
  [ADVANCE_TEXT.amountInvalid]: 'Escriba el monto en dólares, con dos dígitos como máximo después del punto (por ejemplo 2500 o 2,500.00).',
  [ADVANCE_TEXT.amountZero]: 'Escriba un monto mayor de $0.',
  [ADVANCE_TEXT.overWithoutDocuments]:
    'Sin documentos, un pago por adelantado puede ser de $5,000 como máximo (regla de pagos por adelantado del NFIP de FEMA). Agregue una foto, un recibo o un presupuesto de un contratista para pedir hasta $20,000.',
  [ADVANCE_TEXT.overWithDocuments]:
    'Un pago por adelantado puede ser de $20,000 como máximo (regla de pagos por adelantado del NFIP de FEMA), aun con documentos. El resto se paga con el pago final de su reclamo.',
  [ADVANCE_TEXT.overLivingExpenses]: 'Una solicitud puede ser de $50,000 como máximo. Divida sus recibos en más de una solicitud.',
  [ADVANCE_TEXT.livingExpensesNeedReceipts]: 'Agregue al menos un recibo de los gastos de vida que pide.',
  [ADVANCE_TEXT.lossOfUseRequired]: 'Los gastos de vida adicionales se pagan mientras no pueda vivir en su casa por los daños. Díganos si puede.',
  [ADVANCE_TEXT.lossOfUseNo]:
    'Los gastos de vida adicionales se pagan solo mientras no pueda vivir en su casa por los daños. Para otros gastos, escriba al equipo de reclamos abajo.',
  [CONVERSATION_TEXT.required]: conversationTexts.es.required,
  [CONVERSATION_TEXT.tooLong]: conversationTexts.es.tooLong,
  [CONVERSATION_TEXT.closed]: conversationTexts.es.closed,
  'This form was already sent. Please write your message again below.': 'Este formulario ya se envió. Escriba su mensaje otra vez abajo.',
}

/** The English of the messages the report-claim island may show, whose Spanish its `messages` prop carries: all of the claims area's (the island cannot tell which a server answer will be). */
export const REPORT_FORM_MESSAGES: readonly string[] = Object.keys(CLAIMS_ES)
