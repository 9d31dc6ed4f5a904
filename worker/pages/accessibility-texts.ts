import { defineTexts } from '../../shared/i18n/catalog'

/**
 * The accessibility statement in both languages (issue 36). A sentence around a link is split at it
 * (before/after), so each language puts the link where its sentence needs it.
 */
export const accessibilityTexts = defineTexts(
  {
    heading: 'Accessibility Statement',
    intro:
      'We want everyone to be able to see their policy, report a claim and pay online, whatever device, browser or assistive technology they use. This portal aims to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA.',
    howHeading: 'How we check it',
    howAxe: 'Every screen is tested automatically with the axe accessibility engine, at phone (375 px) and desktop (1280 px) widths.',
    howKeyboard: 'Signing in and making a payment are tested with the keyboard alone; other tasks are checked with the keyboard by hand.',
    howNoScript: 'The pages that show your policy work without JavaScript.',
    exceptionsHeading: 'Known exceptions',
    exceptionPdf:
      'The PDF documents the portal makes (receipts, claim copies, declarations, packets) are tagged for screen readers, with their headings, paragraphs, tables (each header cell says what it heads) and language, their fonts are embedded, and they declare PDF/UA-1 in their metadata. Our own tests check these points; the files have not yet been checked with an independent PDF/UA validator.',
    exceptionScript: 'Reporting a claim and making a payment online need JavaScript; you can do both by phone instead.',
    helpHeading: 'Getting help or another format',
    helpByPhone:
      'If anything on this portal is hard to use, or you need a document in another format (large print, audio, braille or an accessible PDF), call us at',
    helpByPhoneAfter: '. We will help you with the task by phone and send the document in the format you need.',
    inWriting: 'If you would rather not call, you can ask in writing.',
    writeBefore: 'Write to us from the ',
    contactUsPage: 'Contact Us page',
    writeAfter: ' of our website, and say how you would like us to answer: by email, by mail or by phone.',
    claimBefore: "About a claim, sign in and send a message to the claims team from the claim's page in ",
    claimsHistory: 'Claims History',
    agent: 'If you have an agent, their email address and phone number are on the Agent Information page of your policy.',
    reviewedOn: 'This statement was last reviewed on ',
    /** When the portal was last checked against the standard (update with each audit). */
    lastAudit: 'November 28, 2026',
    backToPortal: 'Back to the portal',
  },
  {
    heading: 'Declaración de accesibilidad',
    intro:
      'Queremos que todas las personas puedan ver su póliza, reportar un reclamo y pagar en línea, con cualquier dispositivo, navegador o tecnología de asistencia que usen. Este portal busca cumplir las Pautas de Accesibilidad para el Contenido Web (WCAG) 2.2 en el nivel AA.',
    howHeading: 'Cómo lo comprobamos',
    howAxe:
      'Cada pantalla se prueba de forma automática con el motor de accesibilidad axe, en el ancho de un teléfono (375 px) y de una computadora (1280 px).',
    howKeyboard: 'Iniciar sesión y realizar un pago se prueban solo con el teclado; las demás tareas se revisan a mano con el teclado.',
    howNoScript: 'Las páginas que muestran su póliza funcionan sin JavaScript.',
    exceptionsHeading: 'Excepciones conocidas',
    exceptionPdf:
      'Los documentos PDF que crea el portal (recibos, copias de reclamos, declaraciones, paquetes) están etiquetados para lectores de pantalla, con sus títulos, párrafos, tablas (cada celda de encabezado indica qué encabeza) e idioma; sus fuentes están incrustadas y declaran PDF/UA-1 en sus metadatos. Nuestras propias pruebas revisan estos puntos; los archivos todavía no se han revisado con un validador de PDF/UA independiente.',
    exceptionScript: 'Para reportar un reclamo y realizar un pago en línea se necesita JavaScript; puede hacer ambas cosas por teléfono.',
    helpHeading: 'Cómo obtener ayuda o otro formato',
    helpByPhone:
      'Si algo en este portal le resulta difícil de usar, o si necesita un documento en otro formato (letra grande, audio, braille o un PDF accesible), llámenos al',
    helpByPhoneAfter: '. Le ayudaremos con la tarea por teléfono y le enviaremos el documento en el formato que necesite.',
    inWriting: 'Si prefiere no llamar, puede pedirlo por escrito.',
    writeBefore: 'Escríbanos desde la ',
    contactUsPage: 'página de contacto',
    writeAfter: ' de nuestro sitio web e indíquenos cómo prefiere que le respondamos: por correo electrónico, por correo postal o por teléfono.',
    claimBefore: 'Sobre un reclamo, inicie sesión y envíe un mensaje al equipo de reclamos desde la página del reclamo en el ',
    claimsHistory: 'Historial de reclamos',
    agent: 'Si tiene un agente, su correo electrónico y su número de teléfono están en la página Información del agente de su póliza.',
    reviewedOn: 'Esta declaración se revisó por última vez el ',
    lastAudit: '28 de noviembre de 2026',
    backToPortal: 'Volver al portal',
  },
)
