import type { Area } from "../catalogue";
import type { pushMessage as en } from "../en/push-message";

// Texto de la interfaz en español (mensajes push): lo que dice un aviso enviado al dispositivo
// del lector (server/push/message.ts).
export const pushMessage: Area<typeof en> = {
  "pushMessage.body": "{area}, hasta el {until}. {todo}",
  "pushMessage.bodyNoEnd": "{area}, hasta nuevo aviso. {todo}",
  "pushMessage.allClearTitle": "Cancelado: {event}",
  "pushMessage.allClearBody":
    "El Servicio Nacional de Meteorología canceló el {event} para {area}.",
  "pushMessage.testTitle": "Prueba de avisos",
  "pushMessage.testBody":
    "La prueba diaria de los avisos meteorológicos de {site}: llegan a este dispositivo.",
};
