import type { PolicyFamily } from '../../policy/family'
import { defineTexts } from '../../i18n/catalog'

/** The words of one loss across two policies (decision 213): the offer, the carried form, the link on each claim. */
const CLAIM_KIND: Record<PolicyFamily, string> = { homeowners: 'homeowners', flood: 'flood' }

export const PAIRED_TEXT = {
  offerHeading: (family: PolicyFamily) => `Your ${CLAIM_KIND[family]} policy may cover this loss too`,
  offerBody: (family: PolicyFamily, policyId: string, address: string) =>
    `Your ${CLAIM_KIND[family]} policy ${policyId} covers the same home at ${address}. After a storm, damage from wind and damage from flood water are claimed on separate policies, each with its own adjuster.`,
  offerCarried:
    'We fill in the date of loss, what happened and your contact details from this claim; you complete the rest. We link the two claims and tell each adjuster the other claim number.',
  offerLink: (family: PolicyFamily) => `Report the ${CLAIM_KIND[family]} claim too`,
  alreadyLinked: (family: PolicyFamily) => `You reported the ${CLAIM_KIND[family]} claim for this loss too:`,
  carriedNotice: (claimNumber: string) =>
    `This claim is for the same loss as claim ${claimNumber}. We filled in what both claims share; check it and complete the rest. When you report it, we link the two claims.`,
  linkedHeading: 'The same loss on your other policy',
  linked: (family: PolicyFamily) => `This loss is also claimed on your ${CLAIM_KIND[family]} policy:`,
  linkedTold: 'The claims team handling this claim has been told the other claim number.',
  linkedTelling: 'We are telling the claims team handling this claim the other claim number.',
  refusedNotPaired: 'This claim cannot be linked to that one: it is not a storm claim on your other policy of this home.',
  refusedLinked: (claimNumber: string) => `The claim for this loss on this policy was reported already: ${claimNumber}.`,
} as const

/** The policy's kind as Spanish says it after 'póliza' or 'reclamo'. */
const CLAIM_KIND_ES: Record<PolicyFamily, string> = { homeowners: 'de vivienda', flood: 'de inundación' }

/** The same words in both languages (issue 36); refusals to the /v1 API stay English (PAIRED_TEXT). */
export const PAIRED_TEXTS = defineTexts(PAIRED_TEXT, {
  offerHeading: (family) => `Su póliza ${CLAIM_KIND_ES[family]} también puede cubrir esta pérdida`,
  offerBody: (family, policyId, address) =>
    `Su póliza ${CLAIM_KIND_ES[family]} ${policyId} cubre la misma casa en ${address}. Después de una tormenta, los daños del viento y los daños del agua de inundación se reclaman en pólizas distintas, cada una con su propio ajustador.`,
  offerCarried:
    'Llenamos la fecha de la pérdida, lo que pasó y sus datos de contacto con los de este reclamo; usted completa el resto. Vinculamos los dos reclamos y le damos a cada ajustador el número del otro reclamo.',
  offerLink: (family) => `Reportar también el reclamo ${CLAIM_KIND_ES[family]}`,
  alreadyLinked: (family) => `Usted también reportó el reclamo ${CLAIM_KIND_ES[family]} de esta pérdida:`,
  carriedNotice: (claimNumber) =>
    `Este reclamo es por la misma pérdida que el reclamo ${claimNumber}. Llenamos lo que ambos reclamos comparten; revíselo y complete el resto. Cuando lo reporte, vinculamos los dos reclamos.`,
  linkedHeading: 'La misma pérdida en su otra póliza',
  linked: (family) => `Esta pérdida también se reclama en su póliza ${CLAIM_KIND_ES[family]}:`,
  linkedTold: 'Ya le dimos al equipo de reclamos que atiende este reclamo el número del otro reclamo.',
  linkedTelling: 'Estamos dando al equipo de reclamos que atiende este reclamo el número del otro reclamo.',
  refusedNotPaired: 'Este reclamo no se puede vincular con ese: no es un reclamo por tormenta en su otra póliza de esta casa.',
  refusedLinked: (claimNumber) => `El reclamo de esta pérdida en esta póliza ya fue reportado: ${claimNumber}.`,
})
