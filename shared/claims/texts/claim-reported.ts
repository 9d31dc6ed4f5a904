import { defineTexts } from '../../i18n/catalog'
import { CLAIM_REPORTED_WORDS } from '../messages'

/** The answer to a reported claim on the success page (spec 001 section 4) in both languages (issue 36). */
export const claimReportedTexts = defineTexts(
  { ...CLAIM_REPORTED_WORDS },
  {
    reported: (claimNumber) =>
      `Su reclamo fue reportado. Su número de reclamo es ${claimNumber}. Un representante de reclamos se comunicará con usted dentro de 48 horas hábiles.`,
    oneFile: (names) => ` Recibimos su archivo: ${names}.`,
    files: (count, names) => ` Recibimos sus ${count} archivos: ${names}.`,
  },
)
