import { defineTexts } from '../i18n/catalog'
import type { Locale } from '../i18n/locale'
import type { CoverageCode, CoverageForm } from './schemas/coverages'

/**
 * The plain words of 'What's covered' on the Policy Summary (issue 24). Not in either spec: every one is
 * listed in the README's 'Texts for product review' table. Spanish beside them (issue 36).
 */
export const COVERAGE_TEXTS = defineTexts(
  {
    heading: "What's covered",
    limitsCaption: 'Your coverages and their limits',
    coverageColumn: 'Coverage',
    limitColumn: 'Limit',
    whatPays: (name: string) => `What ${name} pays for`,
    deductiblesHeading: 'Your deductibles',
    appliesToColumn: 'Applies to',
    deductibleColumn: 'Deductible',
    deductibleMeaning: 'For a covered claim, you pay the deductible and we pay the rest of the covered loss, up to the limit.',
    percentageMeaning: 'A percentage deductible is that share of the limit it names, worked out in dollars beside it.',
    percentOfDwelling: (percent: string, dollars: string) => `${percent}% of the dwelling limit (${dollars})`,
    percentOfBuilding: (percent: string, dollars: string) => `${percent}% of the building limit (${dollars})`,
    endorsementsHeading: 'Endorsements',
    replacementCost: 'Building losses are paid at replacement cost (what it costs to rebuild, without taking off for wear).',
    actualCashValue: 'Building losses are paid at actual cash value (the cost to rebuild, less wear and age).',
    floodNotCovered1:
      'Flood insurance does not cover most contents of a basement, or property outside the building such as decks, fences, landscaping and vehicles.',
    floodNotCovered2: 'It does not pay for living elsewhere while the home is repaired, or for damage from moisture or mold you could have prevented.',
    proofLink: 'Get proof of insurance',
    documentsLink: 'Read what your policy covers in your coverage documents',
  },
  {
    heading: 'Lo que cubre su póliza',
    limitsCaption: 'Sus coberturas y sus límites',
    coverageColumn: 'Cobertura',
    limitColumn: 'Límite',
    whatPays: (name) => `Qué paga ${name}`,
    deductiblesHeading: 'Sus deducibles',
    appliesToColumn: 'Se aplica a',
    deductibleColumn: 'Deducible',
    deductibleMeaning: 'En un reclamo cubierto, usted paga el deducible y nosotros pagamos el resto de la pérdida cubierta, hasta el límite.',
    percentageMeaning: 'Un deducible en porcentaje es esa parte del límite que indica; a su lado aparece el monto en dólares.',
    percentOfDwelling: (percent, dollars) => `${percent}% del límite de la vivienda (${dollars})`,
    percentOfBuilding: (percent, dollars) => `${percent}% del límite del edificio (${dollars})`,
    endorsementsHeading: 'Anexos',
    replacementCost: 'Las pérdidas del edificio se pagan a costo de reposición (lo que cuesta reconstruir, sin descontar el desgaste).',
    actualCashValue: 'Las pérdidas del edificio se pagan a valor real en efectivo (el costo de reconstruir, menos el desgaste y la antigüedad).',
    floodNotCovered1:
      'El seguro de inundación no cubre la mayor parte del contenido de un sótano, ni bienes fuera del edificio como terrazas, cercas, jardines y vehículos.',
    floodNotCovered2: 'No paga por vivir en otro lugar mientras se repara la vivienda, ni daños por humedad o moho que usted pudo haber evitado.',
    proofLink: 'Obtener comprobante de seguro',
    documentsLink: 'Lea lo que cubre su póliza en sus documentos de cobertura',
  },
)

const EXPLANATIONS = defineTexts(
  {
    A: 'Pays to repair or rebuild your home and anything attached to it.',
    B: 'Pays for structures not attached to your home, such as a detached garage, a shed or a fence.',
    C: 'Pays for your belongings, such as furniture, clothes and electronics, at home or away.',
    D: 'Pays extra living costs, such as a hotel and meals, while your home cannot be lived in after a covered loss.',
    E: 'Pays if you are legally responsible for injuring someone or damaging their property, including your legal defense.',
    F: "Pays a guest's medical bills if they are hurt on your property, whoever was at fault.",
    BUILDING: 'Pays for flood damage to the building and its systems, such as the foundation, wiring, plumbing and built-in appliances.',
    CONTENTS: 'Pays for flood damage to your belongings inside the building.',
    EACH_OCCURRENCE: 'The most paid for any one accident or loss.',
    AGGREGATE: 'The most paid for all losses in one policy term.',
    BUSINESS_PERSONAL_PROPERTY: "Pays for your business's equipment, furniture and stock.",
    BUSINESS_INCOME: 'Pays the income you lose, and your ongoing costs, while your business is closed after a covered loss.',
    COMPLETED_VALUE: 'Pays for damage to the building while it is being built, up to its value when finished.',
    fairRental: 'Pays the rent you lose while the home cannot be rented after a covered loss.',
    condoUnit: 'Pays for the parts of your unit you own, such as walls, floors, cabinets and fixtures.',
    excessBuilding: 'Pays for flood damage to the building above what your primary flood policy pays.',
    excessContents: 'Pays for flood damage to your belongings above what your primary flood policy pays.',
  },
  {
    A: 'Paga la reparación o reconstrucción de su vivienda y de lo que esté unido a ella.',
    B: 'Paga estructuras que no están unidas a su vivienda, como un garaje separado, un cobertizo o una cerca.',
    C: 'Paga sus pertenencias, como muebles, ropa y aparatos electrónicos, en su casa o fuera de ella.',
    D: 'Paga los gastos adicionales de vivienda, como hotel y comidas, mientras no pueda vivir en su casa después de una pérdida cubierta.',
    E: 'Paga si usted es legalmente responsable de lesionar a alguien o dañar sus bienes, incluida su defensa legal.',
    F: 'Paga los gastos médicos de un invitado que se lesiona en su propiedad, sin importar quién tuvo la culpa.',
    BUILDING: 'Paga los daños por inundación al edificio y sus sistemas, como los cimientos, la electricidad, la plomería y los electrodomésticos empotrados.',
    CONTENTS: 'Paga los daños por inundación a sus pertenencias dentro del edificio.',
    EACH_OCCURRENCE: 'Lo máximo que se paga por un solo accidente o pérdida.',
    AGGREGATE: 'Lo máximo que se paga por todas las pérdidas en un período de la póliza.',
    BUSINESS_PERSONAL_PROPERTY: 'Paga el equipo, los muebles y la mercancía de su negocio.',
    BUSINESS_INCOME: 'Paga los ingresos que pierde y sus gastos continuos mientras su negocio está cerrado después de una pérdida cubierta.',
    COMPLETED_VALUE: 'Paga los daños al edificio mientras se construye, hasta su valor una vez terminado.',
    fairRental: 'Paga el alquiler que pierde mientras la vivienda no se puede alquilar después de una pérdida cubierta.',
    condoUnit: 'Paga las partes de su unidad que le pertenecen, como paredes, pisos, gabinetes y accesorios.',
    excessBuilding: 'Paga los daños por inundación al edificio por encima de lo que paga su póliza de inundación principal.',
    excessContents: 'Paga los daños por inundación a sus pertenencias por encima de lo que paga su póliza de inundación principal.',
  },
)

/** The one-line explanation of a coverage; a dwelling-fire D pays the rent you lose, a condo A the unit's walls-in part. */
export function coverageExplanation(form: CoverageForm, code: CoverageCode, locale: Locale = 'en'): string {
  const t = EXPLANATIONS[locale]
  if ((form === 'DP1' || form === 'DP3') && code === 'D') return t.fairRental
  if (form === 'HO6' && code === 'A') return t.condoUnit
  if (form === 'EXCESS_FLOOD' && code === 'BUILDING') return t.excessBuilding
  if (form === 'EXCESS_FLOOD' && code === 'CONTENTS') return t.excessContents
  return t[code]
}
