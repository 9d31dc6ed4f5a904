import { defineTexts } from '../../../../shared/i18n/catalog'

/** Login and Log Out (spec 000 section 2: the English texts verbatim). */
export const loginTexts = defineTexts(
  {
    heading: 'Flood Policy Login',
    everyPolicy: 'For every ProgHome policy: flood, homeowners, condo, renters, umbrella and more.',
    claimWaiting: (claim: string) => `Sign in to see your claim ${claim}.`,
    userName: 'User ID or Email *',
    userNameSummary: 'User ID or Email',
    login: 'Login',
    passkeyLink: 'Sign in with a passkey',
    forgot: 'Forgot your password?',
    registerHeading: 'Flood Policy Registration',
    registerLine1: 'Register your Flood or Excess Flood policy.',
    registerLine2: 'Make payments, report a claim, and more.',
    registerButton: 'Register My Flood Policy',
    otherPolicy: 'Looking for another policy? ',
    otherPolicyLink: 'Visit ProgHome Insurance for all other policies',
  },
  {
    heading: 'Iniciar sesión: póliza de inundación',
    everyPolicy: 'Para toda póliza de ProgHome: inundación, vivienda, condominio, inquilinos, paraguas y más.',
    claimWaiting: (claim) => `Inicie sesión para ver su reclamo ${claim}.`,
    userName: 'ID de usuario o correo electrónico *',
    userNameSummary: 'ID de usuario o correo electrónico',
    login: 'Iniciar sesión',
    passkeyLink: 'Iniciar sesión con una llave de acceso',
    forgot: '¿Olvidó su contraseña?',
    registerHeading: 'Registro de póliza de inundación',
    registerLine1: 'Registre su póliza de inundación o de inundación en exceso.',
    registerLine2: 'Realice pagos, reporte un reclamo y más.',
    registerButton: 'Registrar mi póliza de inundación',
    otherPolicy: '¿Busca otra póliza? ',
    otherPolicyLink: 'Visite ProgHome Insurance para todas las demás pólizas',
  },
)

export const logoutTexts = defineTexts(
  {
    confirmation: 'Log Out Confirmation',
    loggedOffAt: 'You logged off at ',
    closeBrowser: 'For your security, please close your browser.',
    logIn: 'Log In',
    logOut: 'Log Out',
    stillSignedIn: 'You are still logged in. Select Log Out to end your session.',
    loggedOff: 'You are logged off.',
    timedOut: (idleMinutes: number) =>
      `For your security, your session ended after ${idleMinutes} minutes without activity. ` +
      'If you were reporting a claim, what you typed was kept: log in again and choose Continue your claim.',
  },
  {
    confirmation: 'Confirmación de cierre de sesión',
    loggedOffAt: 'Usted cerró sesión a las ',
    closeBrowser: 'Por su seguridad, cierre su navegador.',
    logIn: 'Iniciar sesión',
    logOut: 'Cerrar sesión',
    stillSignedIn: 'Su sesión sigue abierta. Seleccione Cerrar sesión para terminarla.',
    loggedOff: 'Usted cerró sesión.',
    timedOut: (idleMinutes) =>
      `Por su seguridad, su sesión terminó después de ${idleMinutes} minutos sin actividad. ` +
      'Si estaba reportando un reclamo, lo que escribió se guardó: inicie sesión de nuevo y elija Continuar su reclamo.',
  },
)

/** The 2-step sign-in's code page (decision 179). */
export const signInCodeTexts = defineTexts(
  {
    heading: 'Enter Your Code',
    sentToBefore: 'We emailed a 6-digit code to ',
    sentToAfter: '. It works once, for 10 minutes.',
    remember: 'Remember this device for 30 days',
    continue: 'Continue',
    noEmail: 'No email? Check your spam folder, or',
    sendNew: 'Send a new code',
    backToLogin: 'Back to Login',
  },
  {
    heading: 'Ingrese su código',
    sentToBefore: 'Enviamos un código de 6 dígitos a ',
    sentToAfter: '. Sirve una sola vez, por 10 minutos.',
    remember: 'Recordar este dispositivo por 30 días',
    continue: 'Continuar',
    noEmail: '¿No le llegó el correo? Revise su carpeta de correo no deseado, o',
    sendNew: 'Enviar un código nuevo',
    backToLogin: 'Volver a iniciar sesión',
  },
)

/** Forgot Password and Choose a New Password (spec 000 section 2; recovery: decision 181). */
export const passwordTexts = defineTexts(
  {
    forgotHeading: 'Reset Password',
    forgotIntro: 'Enter the email address of your profile and we will email you a link to choose a new password.',
    resetHeading: 'Choose a New Password',
    whatChanged:
      'Every session was signed out, and devices remembered for 2-step sign-in will be asked for a code again. Your passkeys and your 2-step sign-in setting were not changed.',
    recoveryLegend: 'Confirm who you are',
    recoveryIntro: 'Your profile has 2-step sign-in or a passkey, so confirm who you are with one of your policies as well.',
    requestNewLink: 'Request a new link',
    resetIntro: 'Choose the new password for your profile. Saving it signs you out everywhere.',
    savePassword: 'Save Password',
  },
  {
    forgotHeading: 'Restablecer la contraseña',
    forgotIntro: 'Ingrese el correo electrónico de su perfil y le enviaremos un enlace para elegir una contraseña nueva.',
    resetHeading: 'Elija una contraseña nueva',
    whatChanged:
      'Se cerraron todas las sesiones, y a los dispositivos recordados para el inicio de sesión en 2 pasos se les pedirá un código de nuevo. Sus llaves de acceso y su opción de inicio de sesión en 2 pasos no cambiaron.',
    recoveryLegend: 'Confirme quién es usted',
    recoveryIntro: 'Su perfil tiene inicio de sesión en 2 pasos o una llave de acceso, así que confirme también quién es usted con una de sus pólizas.',
    requestNewLink: 'Pedir un enlace nuevo',
    resetIntro: 'Elija la contraseña nueva de su perfil. Al guardarla, se cerrarán todas sus sesiones.',
    savePassword: 'Guardar contraseña',
  },
)
