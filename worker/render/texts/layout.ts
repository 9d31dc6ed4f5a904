import { defineTexts } from '../../../shared/i18n/catalog'
import { DEAD_END_TEXTS } from '../../../shared/policy/dead-ends'
import type { RouteName } from '../../../shared/routes'

/** The page shell's texts (issue 36): document, header, footers. English as the portal has always written it. */
export const documentTexts = defineTexts(
  {
    skipLink: 'Skip to main content',
    description: 'See and service your ProgHome policy: documents, payments, claims and e-signatures.',
  },
  {
    skipLink: 'Saltar al contenido principal',
    description: 'Consulte y administre su póliza de ProgHome: documentos, pagos, reclamos y firmas electrónicas.',
  },
)

export const headerTexts = defineTexts(
  {
    logoAlt: 'ProgHome Insurance home',
    accountNav: 'Account',
    menu: 'Menu',
    manageProfile: 'Manage Profile',
    accountHome: 'Account Home',
    logOut: 'Log Out',
  },
  {
    logoAlt: 'Inicio de ProgHome Insurance',
    accountNav: 'Cuenta',
    menu: 'Menú',
    manageProfile: 'Administrar perfil',
    accountHome: 'Inicio de la cuenta',
    logOut: 'Cerrar sesión',
  },
)

export const sideNavTexts = defineTexts(
  {
    toggle: 'Policy Menu',
    nav: 'Policy',
    heading: (policyId: string) => `Policy ${policyId}`,
    claimByPhone: DEAD_END_TEXTS.en.claimByPhone,
  },
  {
    toggle: 'Menú de la póliza',
    nav: 'Póliza',
    heading: (policyId) => `Póliza ${policyId}`,
    claimByPhone: DEAD_END_TEXTS.es.claimByPhone,
  },
)

type SideNavRoute = 'PolicyOverview' | 'ReportClaim' | 'MakePayment' | 'PolicyDocs' | 'AgentInfo' | 'PaymentHist' | 'ClaimsHist' | 'ESignature' | 'ESignHistory'

/**
 * The side nav's items in Spanish, by the route each leads to. Their English labels are the spec's, in
 * the navigation rule (shared/policy/navigation.ts), which the English page shows unchanged.
 */
const SIDE_NAV_ES: Readonly<Record<SideNavRoute, string>> = {
  PolicyOverview: 'Resumen de la póliza',
  ReportClaim: 'Reportar un reclamo',
  MakePayment: 'Realizar un pago',
  PolicyDocs: 'Documentos',
  AgentInfo: 'Información del agente',
  PaymentHist: 'Historial de pagos',
  ClaimsHist: 'Historial de reclamos',
  ESignature: 'Firma electrónica requerida',
  ESignHistory: 'Firmas electrónicas',
}

export function sideNavLabel(item: { label: string; to: RouteName }, locale: 'en' | 'es'): string {
  return locale === 'es' ? (SIDE_NAV_ES[item.to as SideNavRoute] ?? item.label) : item.label
}

export const footerTexts = defineTexts(
  {
    claimsLine: 'Report a claim 24 hours a day:',
    or: 'or',
    withoutSignIn: 'report it online without signing in',
    policyholders: 'Policyholders',
    faq: 'Frequently Asked Questions',
    understanding: 'Understanding My Policy',
    terms: 'Insurance Terms',
    lossPrevention: 'Loss Prevention',
    claimsCenter: 'Claims Center',
    reportFraud: 'Report Fraud',
    claimsFaq: 'Claims FAQs',
    claimsProcess: 'About the Claims Process',
    support: 'Support',
    browserSupport: 'Browser Support',
    termsOfUse: 'Terms of Use',
    statement: 'Accessibility statement',
    questions: 'Questions? Call us at',
    home: 'Home',
    contactUs: 'Contact Us',
    press: 'Press',
    privacy: 'Privacy',
    caNotice: 'CA Notice at Collection',
    optOut: 'Do Not Sell or Share My Personal Information (CA Residents Only)',
  },
  {
    claimsLine: 'Reporte un reclamo las 24 horas del día:',
    or: 'o',
    withoutSignIn: 'repórtelo en línea sin iniciar sesión',
    policyholders: 'Asegurados',
    faq: 'Preguntas frecuentes',
    understanding: 'Cómo entender mi póliza',
    terms: 'Términos de seguros',
    lossPrevention: 'Prevención de pérdidas',
    claimsCenter: 'Centro de reclamos',
    reportFraud: 'Reportar un fraude',
    claimsFaq: 'Preguntas frecuentes sobre reclamos',
    claimsProcess: 'Cómo funciona un reclamo',
    support: 'Ayuda',
    browserSupport: 'Navegadores compatibles',
    termsOfUse: 'Términos de uso',
    statement: 'Declaración de accesibilidad',
    questions: '¿Preguntas? Llámenos al',
    home: 'Inicio',
    contactUs: 'Contáctenos',
    press: 'Prensa',
    privacy: 'Privacidad',
    caNotice: 'Aviso de California sobre la recopilación de datos',
    optOut: 'No vender ni compartir mi información personal (solo para residentes de California)',
  },
)

/** What a link or button that opens a new tab tells a screen reader. */
export const newTabTexts = defineTexts({ note: ' (opens in a new tab)' }, { note: ' (se abre en una pestaña nueva)' })
