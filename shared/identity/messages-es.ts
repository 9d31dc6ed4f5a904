import { MSG } from '../forms/messages'
import { NOTIFICATION_MSG } from '../notifications/preferences'
import { CLAIM_IDENTITY_MSG } from './schemas/claim-identity'
import { COMMON_PASSWORD_MSG, CURRENT_PASSWORD_MSG, LINKING_MSG, PROFILE_MSG } from './schemas/profile-messages'
import { CODE_MSG } from './sign-in-code'
import { CODE_LIMIT_MSG, LOGIN_LOCKED, STEP_UP_MSG } from './sign-in-messages'
import { PASSKEY_MSG } from './passkeys'
import type { SpanishMessages } from '../i18n/catalog'

/**
 * Signing in and the profile in Spanish (issue 36, decision 231): the validation and refusal messages of
 * the identity forms and services, keyed by their English text (the schemas and the /v1 API keep the
 * English; the shape of SpanishMessages, written out so shared/i18n/messages.ts can list it without a cycle).
 * Pages show them with messageIn; the passkey islands get theirs in their texts.
 */
export const IDENTITY_ES: SpanishMessages = {
  // Login and system texts of the sign-in pages (spec 000 sections 5 and 8).
  [MSG.loginFailed]: 'No se pudo iniciar sesión.',
  [MSG.storeUnavailable]: 'No pudimos completar su solicitud por un problema de nuestra parte. Inténtelo de nuevo en un momento.',
  [LOGIN_LOCKED]:
    'No se pudo iniciar sesión. Hubo demasiados intentos fallidos. Inténtelo de nuevo en 15 minutos, o use ¿Olvidó su contraseña? para restablecer su contraseña.',

  // Profile forms (spec 000 section 5).
  [PROFILE_MSG.policyNumberRequired]: 'El número de póliza es obligatorio.',
  [PROFILE_MSG.lastNameRequired]: 'El apellido es obligatorio.',
  [PROFILE_MSG.futureDate]: 'No puede escribir una fecha futura.',
  [PROFILE_MSG.invalidDate]: 'La fecha de nacimiento no es una fecha válida.',
  [PROFILE_MSG.userNameRequired]: 'El nombre de usuario es obligatorio.',
  [PROFILE_MSG.emailRequired]: 'El correo electrónico es obligatorio.',
  [PROFILE_MSG.emailInvalid]: 'El correo electrónico no es válido.',
  [PROFILE_MSG.passwordRequired]: 'La contraseña es obligatoria.',
  [PROFILE_MSG.confirmRequired]: 'La confirmación de la contraseña es obligatoria.',
  [PROFILE_MSG.passwordsMustMatch]: 'Las contraseñas deben coincidir.',
  [PROFILE_MSG.passwordRule]:
    'La contraseña debe tener entre 7 y 35 caracteres, al menos una mayúscula, al menos una minúscula y al menos un número o un carácter especial.',
  [PROFILE_MSG.profileUserNameRequired]: 'El nombre de usuario es obligatorio.',
  [PROFILE_MSG.profileEmailRequired]: 'El correo electrónico es obligatorio',
  [PROFILE_MSG.profileEmailInvalid]: 'El correo electrónico no es válido',
  [PROFILE_MSG.profilePasswordRequired]: 'La contraseña es obligatoria',
  [PROFILE_MSG.profileConfirmRequired]: 'La confirmación de la contraseña es obligatoria',
  [PROFILE_MSG.profilePasswordsMismatch]: 'La contraseña y su confirmación no coinciden',
  [PROFILE_MSG.passwordUpdateFailed]: 'No se pudo cambiar la contraseña. Inténtelo de nuevo.',
  [PROFILE_MSG.forgotEmailRequired]: 'El correo electrónico es obligatorio.',
  [PROFILE_MSG.forgotEmailInvalid]: 'El correo electrónico no es válido.',
  [PROFILE_MSG.forgotPasswordSent]:
    'Si los datos ingresados corresponden a una cuenta válida, enviaremos un correo electrónico con instrucciones para restablecer la contraseña a la dirección de esa cuenta.',

  // Policy linking, profile changes and recovery (ours).
  [LINKING_MSG.birthDateRequired]: 'La fecha de nacimiento es obligatoria.',
  [LINKING_MSG.policyNumberFormat]: 'Ingrese el número de póliza con su prefijo de tres letras seguido de los dígitos, sin espacios (por ejemplo FLA12345).',
  [LINKING_MSG.noMatch]:
    'No pudimos verificar esta póliza con los datos ingresados. Revise el número de póliza, el apellido y la fecha de nacimiento, e inténtelo de nuevo.',
  [LINKING_MSG.locked]:
    'Este número de póliza está bloqueado por un tiempo después de demasiados intentos fallidos. Inténtelo de nuevo en una hora, o llámenos para recibir ayuda.',
  [LINKING_MSG.alreadyOnThisProfile]: 'Esta póliza ya está en su perfil.',
  [LINKING_MSG.linkedElsewhere]: 'Esta póliza ya está registrada en otro perfil. Inicie sesión en ese perfil, o use ¿Olvidó su contraseña? para recuperarlo.',
  [LINKING_MSG.userNameTaken]: 'Ese nombre de usuario ya está en uso. Elija otro.',
  [LINKING_MSG.emailTaken]: 'Ese correo electrónico ya está en uso en otro perfil.',
  [LINKING_MSG.lastPolicy]: 'Su perfil debe conservar al menos una póliza, así que no se puede quitar esta póliza.',
  [LINKING_MSG.notOnProfile]: 'Esta póliza no está en su perfil.',
  [LINKING_MSG.profileSaved]: 'Su perfil se actualizó.',
  [LINKING_MSG.profileUpdateFailed]: 'No se pudo actualizar el perfil. Inténtelo de nuevo.',
  [LINKING_MSG.resetLinkInvalid]: 'Este enlace para restablecer la contraseña venció o ya se usó. Pida uno nuevo.',
  [LINKING_MSG.passwordReset]: 'Su contraseña se cambió. Inicie sesión con su nueva contraseña.',
  [COMMON_PASSWORD_MSG]:
    'Esta contraseña es demasiado común: aparece en listas de contraseñas filtradas y es fácil de adivinar. Elija una contraseña más difícil de adivinar.',
  [CURRENT_PASSWORD_MSG.required]: 'La contraseña actual es obligatoria',
  [CURRENT_PASSWORD_MSG.requiredForEmail]: 'Ingrese su contraseña actual para cambiar su correo electrónico.',
  [CURRENT_PASSWORD_MSG.wrong]: 'La contraseña actual no es correcta. Inténtelo de nuevo.',
  [CURRENT_PASSWORD_MSG.locked]:
    'Hubo demasiados intentos fallidos. Inténtelo de nuevo en 15 minutos, o cierre sesión y use ¿Olvidó su contraseña? para restablecer su contraseña.',

  // Sign-in codes and step-up (decisions 179, 180).
  [CODE_MSG.required]: 'Ingrese el código de 6 dígitos del correo electrónico.',
  [CODE_MSG.format]: 'El código tiene 6 dígitos, por ejemplo 123456.',
  [CODE_MSG.wrong]: 'Ese código no es correcto. Revise nuestro correo electrónico más reciente e inténtelo de nuevo.',
  [CODE_MSG.expired]: 'Este código venció: los códigos sirven por 10 minutos. Seleccione Enviar un código nuevo para recibir otro.',
  [CODE_MSG.used]: 'Este código ya se usó. Seleccione Enviar un código nuevo para recibir otro.',
  [CODE_MSG.tooManyTries]: 'Ese código se ingresó mal demasiadas veces. Seleccione Enviar un código nuevo para recibir otro.',
  [CODE_MSG.pendingGone]: 'Su inicio de sesión tardó demasiado o ya terminó. Inicie sesión de nuevo.',
  [CODE_MSG.sent]: 'Le enviamos un código nuevo por correo electrónico. Sirve por 10 minutos.',
  [CODE_LIMIT_MSG]: 'Se pidieron o ingresaron demasiados códigos en poco tiempo. Espere 15 minutos e inténtelo de nuevo.',
  [STEP_UP_MSG.needed]: 'Por su seguridad, confirme que es usted antes de este cambio: le enviaremos un código de 6 dígitos por correo electrónico.',
  [STEP_UP_MSG.noCode]: 'Primero seleccione Enviarme un código.',

  // Passkeys (decision 181).
  [PASSKEY_MSG.challengeGone]: 'Esa solicitud de llave de acceso venció o ya se usó. Inténtelo de nuevo.',
  [PASSKEY_MSG.notAdded]: 'No se pudo agregar la llave de acceso. Inténtelo de nuevo.',
  [PASSKEY_MSG.alreadyAdded]: 'Esa llave de acceso ya está en su perfil.',
  [PASSKEY_MSG.unknown]: 'Esa llave de acceso no está en ningún perfil de ProgHome. Inicie sesión con su contraseña y luego agréguela en Su perfil.',
  [PASSKEY_MSG.notSignedIn]: 'No pudimos iniciar su sesión con esa llave de acceso. Inténtelo de nuevo, o inicie sesión con su contraseña.',
  [PASSKEY_MSG.cancelled]: 'Se interrumpió la solicitud de llave de acceso, o se agotó el tiempo.',
  [PASSKEY_MSG.unsupported]: 'Este navegador no puede usar llaves de acceso. Inicie sesión con su contraseña.',
  [PASSKEY_MSG.nameRequired]: 'Póngale un nombre a la llave de acceso, por ejemplo Mi teléfono.',
  [PASSKEY_MSG.nameTooLong]: 'El nombre puede tener como máximo 40 caracteres.',
  [PASSKEY_MSG.added]: 'Se agregó su llave de acceso. Ya puede iniciar sesión con ella.',
  [PASSKEY_MSG.removed]: 'Se quitó la llave de acceso.',
  [PASSKEY_MSG.removeGone]: 'Esa llave de acceso ya se había quitado.',

  // Reporting a claim without signing in: who the person is (decision 220).
  [CLAIM_IDENTITY_MSG.zipOrBirthDate]: 'Ingrese el código postal (ZIP) de la propiedad asegurada, o su fecha de nacimiento.',
  [CLAIM_IDENTITY_MSG.zipFormat]: 'Ingrese el código postal (ZIP) de 5 dígitos.',
  [CLAIM_IDENTITY_MSG.noMatch]: 'No pudimos confirmar estos datos. Revíselos e inténtelo de nuevo, o llámenos para reportar su reclamo:',

  // Notifications (issue 32 item 5), shown on the profile's Notifications page.
  [NOTIFICATION_MSG.phoneRequired]: 'Ingrese su número de celular.',
  [NOTIFICATION_MSG.phoneInvalid]: 'Ingrese un número de celular de EE. UU. de 10 dígitos, por ejemplo (512) 555-0142.',
  [NOTIFICATION_MSG.consentRequired]: 'Marque la casilla para aceptar recibir mensajes de texto.',
  [NOTIFICATION_MSG.codeRequired]: 'Ingrese el código de 6 dígitos del mensaje de texto.',
  [NOTIFICATION_MSG.codeWrong]: 'Ese código no es correcto. Revise nuestro mensaje de texto más reciente e inténtelo de nuevo.',
  [NOTIFICATION_MSG.codeExpired]: 'Este código venció: los códigos sirven por 10 minutos. Envíe un código nuevo para recibir otro.',
  [NOTIFICATION_MSG.codeNone]: 'Primero envíe un código a su número.',
  [NOTIFICATION_MSG.codeLocked]: 'Ese código se ingresó mal demasiadas veces. Espere 15 minutos y luego envíe un código nuevo.',
  [NOTIFICATION_MSG.sendLimit]: 'Se enviaron demasiados códigos en poco tiempo. Espere e inténtelo más tarde.',
  [NOTIFICATION_MSG.textNeedsPhone]: 'Para recibir mensajes de texto, primero agregue y verifique su número de celular abajo.',
  [NOTIFICATION_MSG.badChoice]: 'Esa opción no es una que ofrezca esta página. Elija de nuevo.',
  [NOTIFICATION_MSG.saved]: 'Se guardaron sus opciones de notificación.',
  [NOTIFICATION_MSG.codeSent]: 'Le enviamos un código de 6 dígitos por mensaje de texto. Sirve por 10 minutos.',
  [NOTIFICATION_MSG.verified]: 'Su número de celular está verificado. Elija abajo los mensajes de texto que desea recibir.',
}
