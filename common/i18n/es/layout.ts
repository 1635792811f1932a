import type { Area } from "../catalogue";
import type { layout as en } from "../en/layout";

// Texto de la interfaz en español (layout).
export const layout: Area<typeof en> = {
  // La estructura del sitio, el encabezado, la navegación y la búsqueda.
  "layout.skipToContent": "Saltar al contenido",
  "layout.openMenu": "Abrir menú",
  "layout.closeMenu": "Cerrar menú",
  "layout.mainNav": "Principal",
  "layout.sponsoredList": "Patrocinado:",
  "layout.sections": "Secciones",
  "layout.more": "Más",
  "layout.currentPageInMore": "(aquí está la página actual)",
  "layout.searchNews": "Buscar noticias",
  "layout.search": "Buscar",
  "layout.backToHome": "Volver a la portada",
  // Enlaces, anuncios e inserciones.
  // (Lo que un enlace dice junto a su texto, "(se abre en una pestaña nueva)", está en links.ts.)
  "layout.advertisement": "Publicidad",
  "layout.yourAdHere": "Su anuncio podría estar aquí",
  "layout.sponsoredBy": "Patrocinado por",
  "layout.sponsoredByPartner": "Patrocinado por {partner}",
  "layout.featuredVideo": "Video destacado",
  "layout.playVideo": "Reproducir video: {title}",
  "layout.videoComingSoon": "Video próximamente",
  // El canal en vivo.
  "layout.newStoriesCount": { one: "{count} noticia nueva", other: "{count} noticias nuevas" },
  // Una página que el service worker muestra desde su copia, sin conexión.
  "layout.savedAt": "Guardada a las {time}",
  "layout.savedOn": "Guardada el {date} a las {time}",
  // El pie de página.
  "layout.footerConnect": "Contacto",
  "layout.footerNetwork":
    "{site} forma parte de una red de {size} publicaciones locales al servicio de comunidades de todo Estados Unidos.",
  "layout.copyright": "© {year} {site}. Todos los derechos reservados.",
  // Los canales propios del sitio: la línea del pie de página y el canal de alertas del tiempo.
  "layout.footerFeeds": "Síganos en un lector de noticias:",
  "layout.footerFeedsAlerts": "Alertas del tiempo",
  "layout.feedAlertsTitle": "Alertas del tiempo en {city}",
  "layout.feedAlertsDescription":
    "Los avisos, vigilancias y advertencias del Servicio Meteorológico Nacional vigentes en {city}, cada uno hasta que termina.",
  // El bloque de emergencia del modo tormenta.
  "layout.stormHeading": "Emergencia meteorológica en {city}",
  "layout.stormArea": "Zona:",
  "layout.stormFrom": "Desde:",
  "layout.stormUntil": "Hasta:",
  "layout.stormFurtherNotice": "nuevo aviso",
  "layout.stormWhatToDo": "Qué hacer:",
  "layout.stormMore": {
    one: "y {count} alerta urgente más",
    other: "y {count} alertas urgentes más",
  },
  "layout.allWeatherAlerts": "Todas las alertas meteorológicas",
  "layout.listenLiveRadio": "Escuchar la radio en vivo",
  "layout.emergencyLinks": "Enlaces de emergencia",
  // La invitación a donar.
  "layout.donationTitle": "Apoye a su comunidad",
  "layout.donationText":
    "{site} es gratuito para todos los lectores. Si nuestro periodismo le resulta útil, considere hacer una donación a nuestra organización benéfica asociada, que ayuda a familias necesitadas en {city}.",
  "layout.donateNow": "Donar ahora",
  "layout.maybeLater": "Quizás más tarde",
  "layout.close": "Cerrar",
  // La pantalla de error y la página 404.
  "layout.errorHeading": "¡Error inesperado de la aplicación!",
  "layout.errorMessage": "Algo salió mal.",
  "layout.returnHome": "Volver a la portada",
  "layout.notFoundHeading": "Página no encontrada",
  "layout.notFoundText": "No pudimos encontrar la página que busca.",
  "layout.searchTheNews": "Buscar en las noticias",
  "layout.mainSections": "Secciones principales",
};
