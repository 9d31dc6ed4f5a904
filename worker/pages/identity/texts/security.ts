import { defineTexts } from '../../../../shared/i18n/catalog'

/** The passkey islands' markup (decision 181). Terms not in the glossary: passkey = llave de acceso, 2-step sign-in = inicio de sesión en 2 pasos. */
export const passkeyIslandTexts = defineTexts(
  {
    signIn: 'Sign in with a passkey',
    confirm: 'Confirm with a passkey',
    name: 'Passkey name *',
    nameHint: 'A name you will recognise, for example My phone.',
    suggestedName: 'My passkey',
    add: 'Add a passkey',
  },
  {
    signIn: 'Iniciar sesión con una llave de acceso',
    confirm: 'Confirmar con una llave de acceso',
    name: 'Nombre de la llave de acceso *',
    nameHint: 'Un nombre que usted reconozca, por ejemplo Mi teléfono.',
    suggestedName: 'Mi llave de acceso',
    add: 'Agregar una llave de acceso',
  },
)

/** Passkeys (issue 23 item 1). */
export const passkeysTexts = defineTexts(
  {
    heading: 'Passkeys',
    about:
      "A passkey signs you in with your phone's or computer's screen lock (face, fingerprint or PIN) instead of your password. It cannot be phished, and it counts as both steps of 2-step sign-in.",
    none: 'You have no passkeys yet.',
    added: 'Added',
    lastUsed: 'Last used',
    notYet: 'Not yet',
    remove: 'Remove',
    addHeading: 'Add a passkey',
    needsScript: 'Adding a passkey needs JavaScript, which is turned off in this browser.',
    stepUpBefore: 'For your security, ',
    stepUpLink: 'confirm it is you',
    stepUpAfter: ' before adding a passkey.',
    elsewhereBefore: "Passkeys belong to the portal's own address: open ",
    elsewhereAfter: ' to add one.',
  },
  {
    heading: 'Llaves de acceso',
    about:
      'Una llave de acceso le permite iniciar sesión con el bloqueo de pantalla de su teléfono o computadora (rostro, huella digital o PIN) en lugar de su contraseña. No se puede robar con engaños, y cuenta como los dos pasos del inicio de sesión en 2 pasos.',
    none: 'Todavía no tiene llaves de acceso.',
    added: 'Agregada',
    lastUsed: 'Último uso',
    notYet: 'Todavía no',
    remove: 'Quitar',
    addHeading: 'Agregar una llave de acceso',
    needsScript: 'Para agregar una llave de acceso se necesita JavaScript, que está desactivado en este navegador.',
    stepUpBefore: 'Por su seguridad, ',
    stepUpLink: 'confirme que es usted',
    stepUpAfter: ' antes de agregar una llave de acceso.',
    elsewhereBefore: 'Las llaves de acceso pertenecen a la dirección propia del portal: abra ',
    elsewhereAfter: ' para agregar una.',
  },
)

/** 2-Step Sign-In (issue 23 item 2). */
export const twoStepTexts = defineTexts(
  {
    heading: '2-Step Sign-In',
    on: '2-step sign-in is on. When you log in with your password, we email you a 6-digit code to enter as well.',
    off: '2-step sign-in is off. Your password alone signs you in.',
    turnedOn: '2-step sign-in is now on.',
    turnedOff: '2-step sign-in is now off.',
    about:
      "A code is asked for on a device you have not chosen to remember; 'Remember this device for 30 days' on the code page skips it there. Signing in through your partner's site does not ask for a code: your partner checked who you are.",
    turnOff: 'Turn off 2-step sign-in',
    turnOn: 'Turn on 2-step sign-in',
  },
  {
    heading: 'Inicio de sesión en 2 pasos',
    on: 'El inicio de sesión en 2 pasos está activado. Cuando inicie sesión con su contraseña, le enviaremos por correo electrónico un código de 6 dígitos para ingresar también.',
    off: 'El inicio de sesión en 2 pasos está desactivado. Solo su contraseña le permite iniciar sesión.',
    turnedOn: 'El inicio de sesión en 2 pasos ya está activado.',
    turnedOff: 'El inicio de sesión en 2 pasos ya está desactivado.',
    about:
      "Se pide un código en un dispositivo que usted no eligió recordar; 'Recordar este dispositivo por 30 días' en la página del código lo evita en ese dispositivo. Al iniciar sesión desde el sitio de nuestro socio no se pide código: nuestro socio ya confirmó quién es usted.",
    turnOff: 'Desactivar el inicio de sesión en 2 pasos',
    turnOn: 'Activar el inicio de sesión en 2 pasos',
  },
)

/** Where You Are Signed In (issue 23 item 4). */
export const sessionsTexts = defineTexts(
  {
    heading: 'Where You Are Signed In',
    signedOut: 'That session was signed out. Anyone using it must log in again.',
    signedOutElse: 'Every other session was signed out, and remembered devices will be asked for a code again.',
    notFound: 'That session had already ended.',
    thisDevice: 'This device',
    place: 'Place',
    notKnown: 'Not known',
    started: 'Started',
    lastSeen: 'Last seen',
    now: 'Now',
    signOut: 'Sign out',
    aboutBefore:
      "These are the devices signed in to your profile now. If you do not recognise one, sign it out and change your password. Times are shown in the time zone of your policy's state (",
    aboutAfter: ').',
    signOutElse: 'Sign out everywhere else',
  },
  {
    heading: 'Dónde tiene la sesión iniciada',
    signedOut: 'Se cerró esa sesión. Quien la esté usando deberá iniciar sesión de nuevo.',
    signedOutElse: 'Se cerraron todas las demás sesiones, y a los dispositivos recordados se les pedirá un código de nuevo.',
    notFound: 'Esa sesión ya había terminado.',
    thisDevice: 'Este dispositivo',
    place: 'Lugar',
    notKnown: 'Desconocido',
    started: 'Inicio',
    lastSeen: 'Última actividad',
    now: 'Ahora',
    signOut: 'Cerrar sesión',
    aboutBefore:
      'Estos son los dispositivos con sesión iniciada en su perfil ahora. Si no reconoce alguno, cierre esa sesión y cambie su contraseña. Las horas se muestran en la zona horaria del estado de su póliza (',
    aboutAfter: ').',
    signOutElse: 'Cerrar sesión en todos los demás',
  },
)

/** Confirm It Is You (issue 23 item 3). */
export const confirmTexts = defineTexts(
  {
    heading: 'Confirm It Is You',
    sentTo: (to: string) => `We emailed a 6-digit code to ${to}. It works once, for 10 minutes.`,
    confirm: 'Confirm',
    sendNew: 'Send a new code',
    emailMe: 'Email me a code',
    back: 'Back',
  },
  {
    heading: 'Confirme que es usted',
    sentTo: (to) => `Enviamos un código de 6 dígitos a ${to}. Sirve una sola vez, por 10 minutos.`,
    confirm: 'Confirmar',
    sendNew: 'Enviar un código nuevo',
    emailMe: 'Enviarme un código',
    back: 'Volver',
  },
)
