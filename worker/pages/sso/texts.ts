import { defineTexts } from '../../../shared/i18n/catalog'
import { OPT_OUT_TEXT } from '../../../shared/sso/opt-out'

/** The SSO landing's texts (spec 000 "SSO landing"; the hand-off question is ours, decision 126). */
export const landingTexts = defineTexts(
  {
    heading: 'Signing In',
    badLink: 'This sign-in link is not valid. Please return to the site you came from and try again.',
    notCompleted: 'We could not complete your sign-in from this link. Please return to the site you came from and try again.',
    confirm: 'You are already signed in on this browser. To continue signing in from the site you came from, your current session will end.',
    continue: 'Continue signing in',
    stay: 'Stay signed in',
    expired: 'This sign-in request has expired or has already been used. Please return to the site you came from and try again.',
    returnHome: 'Return to Account Home',
  },
  {
    heading: 'Iniciando sesión',
    badLink: 'Este enlace para iniciar sesión no es válido. Vuelva al sitio de donde vino e inténtelo de nuevo.',
    notCompleted: 'No pudimos completar su inicio de sesión desde este enlace. Vuelva al sitio de donde vino e inténtelo de nuevo.',
    confirm: 'Ya tiene una sesión iniciada en este navegador. Para seguir iniciando sesión desde el sitio de donde vino, su sesión actual terminará.',
    continue: 'Seguir iniciando sesión',
    stay: 'Mantener mi sesión',
    expired: 'Esta solicitud para iniciar sesión venció o ya se usó. Vuelva al sitio de donde vino e inténtelo de nuevo.',
    returnHome: 'Volver a la página principal de su cuenta',
  },
)

/** The opt-out confirmation (spec 001): the English is the spec's (shared/sso/opt-out.ts). */
export const optOutTexts = defineTexts(
  { ...OPT_OUT_TEXT },
  {
    title: 'No vender ni compartir mi información personal: solo para residentes de California',
    success: 'Su solicitud se procesó correctamente.',
    browserOnly:
      'Su solicitud de exclusión se aplica solo a este navegador. No está vinculada a su perfil, así que repítala en cualquier otro navegador o dispositivo que use, y de nuevo después de volver a iniciar sesión.',
    close: 'Cerrar esta ventana',
  },
)

/** Test SSO (spec 000, a tester's page outside production): its English is the spec's screen. */
export const testSsoTexts = defineTexts(
  {
    heading: 'Test SSO',
    intro: 'Simulates a single sign-on from a partner site. The landing grants exactly the policy entered here.',
    action: 'Action',
    policyId: 'Policy ID',
    policyIdHint: 'For example FLA12345.',
    productType: 'Product Type',
    systemOrigin: 'System Origin',
    none: 'None',
    mobileApp: 'MNA (mobile native app)',
    optOut: 'Privacy opt-out preference',
    optInChoice: '1: opt in',
    optOutChoice: '0: opt out',
    click: 'Click',
  },
  {
    heading: 'Prueba de SSO',
    intro: 'Simula un inicio de sesión único desde el sitio de un socio. El inicio da acceso solo a la póliza que escriba aquí.',
    action: 'Acción',
    policyId: 'Número de póliza',
    policyIdHint: 'Por ejemplo, FLA12345.',
    productType: 'Tipo de producto',
    systemOrigin: 'Sistema de origen',
    none: 'Ninguno',
    mobileApp: 'MNA (aplicación móvil)',
    optOut: 'Preferencia de privacidad',
    optInChoice: '1: acepta',
    optOutChoice: '0: se excluye',
    click: 'Hacer clic',
  },
)
