import { defineTexts } from '../../shared/i18n/catalog'

/** What every PDF the portal makes prints by itself (issue 36): its header band and footer. */
export const pdfTexts = defineTexts(
  { servicesPhone: 'Policyholder Services 1-800-555-0134', pageOf: (page: number, pages: number) => `Page ${page} of ${pages}` },
  { servicesPhone: 'Servicio al asegurado 1-800-555-0134', pageOf: (page, pages) => `Página ${page} de ${pages}` },
)
