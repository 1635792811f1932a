import type { Area } from "../catalogue";
import type { meta as en } from "../en/meta";

// Texto de la interfaz en español (meta): encabezados, etiquetas de navegación y descripciones de
// las páginas, títulos de las columnas del pie de página y títulos de los documentos.
export const meta: Area<typeof en> = {
  "meta.title.home": "{name}: noticias, clima, deportes y eventos de {city}",
  "meta.title.page": "{heading} | {name}",

  "meta.footer.sections": "Secciones",
  "meta.footer.more": "Más",
  "meta.footer.legal": "Legal",

  "meta.home.heading": "Noticias principales",
  "meta.home.label": "Inicio",

  "meta.books.heading": "Libros",
  "meta.books.label": "Libros",
  "meta.books.description":
    "Libros electrónicos sobre sabiduría espiritual y riqueza, la serie Billionaire y ediciones de textos clásicos, con una universidad en línea de sabiduría antigua.",

  "meta.radio.heading": "Radio en vivo",
  "meta.radio.label": "Radio",
  "meta.radio.description":
    "Escuche la radio en vivo de {name}: una transmisión en directo las 24 horas, los 7 días de la semana, desde {city}.",

  "meta.weather.heading": "Clima",
  "meta.weather.label": "Clima",
  "meta.weather.description":
    "El clima en {city}: condiciones actuales, alertas, pronóstico de 7 días, preparación para huracanes e historial climático mensual.",

  "meta.contact.heading": "Contáctenos",
  "meta.contact.label": "Contacto",
  "meta.contact.description":
    "Comuníquese con la redacción de {name}: correo electrónico, teléfono, horario de atención y un formulario para enviar datos informativos y preguntas.",

  "meta.privacyPolicy.heading": "Política de privacidad",
  "meta.privacyPolicy.label": "Política de privacidad",
  "meta.privacyPolicy.description": "Cómo trata {name} la información de sus lectores.",

  "meta.termsOfService.heading": "Términos del servicio",
  "meta.termsOfService.label": "Términos del servicio",
  "meta.termsOfService.description": "Las condiciones de uso de {name} y de sus servicios.",

  "meta.privacy.heading": "Privacidad",
  "meta.privacy.label": "Privacidad",
  "meta.privacy.description":
    "Un breve resumen de cómo trata {name} la información de sus lectores.",

  "meta.terms.heading": "Términos",
  "meta.terms.label": "Términos",
  "meta.terms.description": "Un breve resumen de las condiciones de uso de {name}.",

  "meta.careers.heading": "Empleos",
  "meta.careers.label": "Empleos",
  "meta.careers.description": "Empleos y pasantías en {name}, en {city}.",

  "meta.partners.heading": "Aliados",
  "meta.partners.label": "Aliados",
  "meta.partners.description": "Los aliados de {name}.",

  "meta.faq.heading": "Preguntas frecuentes",
  "meta.faq.label": "Preguntas frecuentes",
  "meta.faq.description": "Respuestas a las preguntas más comunes sobre {name}.",

  "meta.about.heading": "Acerca de nosotros",
  "meta.about.label": "Acerca de",
  "meta.about.description":
    "Quién hace {name}, quién es su dueño y cómo se financia, y de dónde vienen las notas de sus páginas.",

  "meta.corrections.heading": "Correcciones",
  "meta.corrections.label": "Correcciones",
  "meta.corrections.description":
    "Qué corrige {name}, cómo pedir una corrección y las correcciones hechas hasta ahora.",

  "meta.search.heading": "Buscar",
  "meta.search.label": "Buscar",
  "meta.search.description": "Busque entre las noticias de {name}.",
  "meta.socialCard":
    "Noticias locales, clima, deportes, eventos y radio en vivo de {city}, {state}",
};
