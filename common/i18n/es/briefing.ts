import type { Area } from "../catalogue";
import type { briefing as english } from "../en/briefing";

// El boletín matutino por correo electrónico: el formulario, las páginas de sus enlaces y los
// correos mismos.
export const briefing: Area<typeof english> = {
  "briefing.heading": "El boletín matutino",
  "briefing.pitch":
    "Cada mañana a las {time}, el clima, las alertas vigentes y las noticias principales del día de {site}, por correo.",
  "briefing.email": "Su correo electrónico",
  "briefing.signUp": "Suscribirme",
  "briefing.closed": "Las suscripciones al boletín matutino están cerradas por ahora.",
  "briefing.kept":
    "Guardamos su dirección solo mientras esté suscrito; cada correo trae un enlace para darse de baja con un clic.",
  "briefing.checkInboxTitle": "Revise su correo",
  "briefing.checkInbox":
    "Si {email} todavía no está suscrito, le enviamos un enlace para confirmar. No enviaremos nada más hasta que lo pulse.",
  "briefing.notSentTitle": "No se completó la suscripción",
  "briefing.tooMany": "Demasiadas suscripciones desde su red hoy. Inténtelo de nuevo mañana.",
  "briefing.unavailable":
    "Las suscripciones no funcionan en este momento. Inténtelo de nuevo en unos minutos.",
  "briefing.confirmTitle": "Confirme su boletín matutino",
  "briefing.confirmAsk":
    "Pulse el botón para empezar a recibir el boletín matutino de {site}: llega cada mañana a las {time}.",
  "briefing.confirmedTitle": "Ya está suscrito",
  "briefing.confirmed": "Cada mañana a las {time} llegará su boletín matutino de {site}.",
  "briefing.expiredTitle": "Este enlace ya venció",
  "briefing.expired":
    "Este enlace de confirmación ya no es válido. Suscríbase de nuevo para recibir uno nuevo.",
  "briefing.unsubscribeTitle": "Darse de baja del boletín matutino",
  "briefing.unsubscribeAsk":
    "Pulse el botón para dejar de recibir el boletín matutino y borrar su dirección.",
  "briefing.unsubscribeButton": "Darme de baja",
  "briefing.unsubscribedTitle": "Se ha dado de baja",
  "briefing.unsubscribed": "No recibirá más boletines, y su dirección fue borrada.",
  "briefing.unknownLink": "Este enlace ya no es válido: la dirección no está suscrita.",
  "briefing.backHome": "Volver a {site}",
  "briefing.confirmSubject": "Confirme su boletín matutino de {site}",
  "briefing.confirmBody":
    "Alguien, esperamos que usted, pidió el boletín matutino de {site} para esta dirección. Para empezar a recibirlo, confirme aquí:",
  "briefing.confirmButton": "Confirmar mi suscripción",
  "briefing.confirmIgnore":
    "Si no fue usted, ignore este correo: la dirección se olvida en menos de 48 horas.",
  "briefing.subject": "Boletín matutino de {site}: {date}",
  "briefing.weatherHeading": "Clima",
  "briefing.alertsHeading": "Alertas vigentes",
  "briefing.alertUntil": "{event} hasta {time}",
  "briefing.topStories": "Noticias principales",
  "briefing.noStories": "Todavía no hay noticias esta mañana: el sitio tiene lo más reciente.",
  "briefing.sectionsHeading": "Más de {site}",
  "briefing.why": "Recibe este correo porque se suscribió en {site}.",
  "briefing.unsubscribeLink": "Darse de baja",
};
