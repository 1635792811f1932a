import type { Area } from "../catalogue";
import type { server as en } from "../en/server";

// Texto de la interfaz en español (server): las respuestas breves a solicitudes rechazadas.
export const server: Area<typeof en> = {
  "server.badRequest": "Solicitud incorrecta",
  "server.uriTooLong": "URI demasiado larga",
  "server.methodNotAllowed": "Método no permitido",
  "server.formType": "Los formularios se envían como application/x-www-form-urlencoded",
  "server.bodyTooLarge": "El cuerpo de la solicitud es demasiado grande",
  "server.crossOrigin":
    "Solicitud incorrecta: los formularios se envían desde las páginas de este sitio",
  "server.busy": "El sitio está ocupado: inténtelo de nuevo en un momento.",
  "server.internalError": "Error interno del servidor",
  "server.unavailable": "Esta publicación no está disponible en este momento.",
  "server.tooManyLive": "Demasiadas conexiones en vivo: inténtelo de nuevo más tarde.",
  "server.notFound": "No encontrado",
};
