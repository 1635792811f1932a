import type { Area } from "../catalogue";
import type { forms as en } from "../en/forms";

// Texto de la interfaz en español (forms).
export const forms: Area<typeof en> = {
  "forms.standfirst":
    "Sugerencias de noticias, preguntas y correcciones: la redacción de {name} lee todos los mensajes.",
  "forms.leadHeading": "Anúnciese o asóciese con nosotros",
  "forms.leadTitle": "Formulario de consultas sobre publicidad y alianzas",
  "forms.leadPlaceholder": "El formulario de consultas sobre publicidad aparecerá aquí.",
  "forms.generalInquiries": "Consultas generales",
  "forms.thankYou": "¡Gracias por su mensaje! Le responderemos pronto.",
  "forms.name": "Nombre",
  "forms.email": "Correo electrónico",
  "forms.subject": "Asunto",
  "forms.message": "Mensaje",
  "forms.website": "Sitio web",
  "forms.send": "Enviar mensaje",
  "forms.sending": "Enviando...",
  "forms.nameRequired": "Escriba su nombre.",
  "forms.nameTooLong": {
    one: "Su nombre debe tener menos de {count} carácter.",
    other: "Su nombre debe tener menos de {count} caracteres.",
  },
  "forms.emailRequired": "Escriba su dirección de correo electrónico.",
  "forms.emailTooLong": "Escriba una dirección de correo electrónico más corta.",
  "forms.emailInvalid": "Escriba una dirección de correo electrónico válida.",
  "forms.subjectRequired": "Escriba un asunto.",
  "forms.subjectTooLong": {
    one: "El asunto debe tener menos de {count} carácter.",
    other: "El asunto debe tener menos de {count} caracteres.",
  },
  "forms.messageRequired": "Escriba su mensaje.",
  "forms.messageTooLong": {
    one: "Su mensaje debe tener menos de {count} carácter.",
    other: "Su mensaje debe tener menos de {count} caracteres.",
  },
  "forms.rateLimited": "Ha enviado {sent} en {window}. Vuelva a intentarlo en {wait}.",
  "forms.messagesSent": { one: "{count} mensaje", other: "{count} mensajes" },
  "forms.lastMinutes": { one: "el último minuto", other: "los últimos {count} minutos" },
  "forms.retryMinutes": { one: "un minuto", other: "{count} minutos" },
  "forms.notSent":
    "Su mensaje NO se envió: no podemos recibir mensajes en este momento. Vuelva a intentarlo en unos minutos; lo que escribió sigue aquí.",
  "forms.busyNotSent":
    "No pudimos enviar su mensaje en este momento porque el sitio está muy ocupado. Su mensaje está abajo: vuelva a enviarlo en un minuto.",
  "forms.contactDetails": "Datos de contacto",
  "forms.phone": "Teléfono",
  "forms.address": "Dirección",
  "forms.officeHours": "Horario de atención",
  "forms.openInMap": "Abrir en un mapa",
};
