import type { Area } from "../catalogue";
import type { pages as en } from "../en/pages";

// Texto de la interfaz en español (pages).
export const pages: Area<typeof en> = {
  "pages.faqStandfirst": "Respuestas a las preguntas que los lectores más le hacen a {name}.",
  "pages.stillQuestion": "¿Todavía tiene alguna pregunta?",
  "pages.contactUs": "Contáctenos",
  "pages.emailNewsroom": "Escriba a la redacción",
  "pages.careersStandfirst": "Ayude a {city} a entenderse. Únase al equipo de {name}.",
  "pages.openPositions": "Puestos vacantes",
  "pages.benefits": "Beneficios",
  "pages.howToApply": "Cómo postularse",
  "pages.applyBy":
    "Envíe su currículum, una breve carta de presentación y enlaces a sus trabajos a {email}, con el puesto en la línea de asunto.",
  "pages.internship": "Programa de pasantías",
  "pages.lastUpdated": "Última actualización: {date}",
  "pages.readFull": "Lea el texto completo: {heading}",
  "pages.partnersStandfirst": "Trabajar con {name}: lo que ofrecemos a socios y anunciantes.",
  "pages.documentSoon": "{title}: documento disponible próximamente.",
  "pages.askUs": "Pídanoslo: {email}",
  "pages.ourPartners": "Nuestros socios",
  "pages.booksList": "Libros",
  "pages.advertisement": "Publicidad",
  "pages.universityHeading": "Transforme su vida con la sabiduría antigua",
  "pages.universityText":
    "Estudie las enseñanzas eternas de las grandes tradiciones espirituales en una universidad en línea de sabiduría antigua.",
  "pages.applyAdmission": "Solicite su admisión",
  "pages.learnMore": "Más información",
  "pages.universityPoints":
    "Programas acreditados · Instructores expertos · Plan de estudios completo",
  "pages.viewAllBooks": "Ver todos los libros",
  "pages.newTab": "se abre en una pestaña nueva",
  "pages.viewOnAmazonLabel": "Ver en Amazon: {title} (se abre en una pestaña nueva)",
  "pages.viewOnAmazon": "Ver en Amazon",

  "pages.aboutSources": "De dónde vienen nuestras notas",
  "pages.aboutSourcesCount": {
    one: "Nuestras páginas muestran notas de {count} medio, tomadas de su canal público:",
    other: "Nuestras páginas muestran notas de {count} medios, tomadas de sus canales públicos:",
  },
  "pages.masthead": "Directorio",
  "pages.mastheadStandfirst": "Quiénes hacen {name}:",
  "pages.correctionsStandfirst": "Qué corrige {name}, cómo pedirlo y qué hemos corregido.",
  "pages.correctionsWhat": "Qué corregimos",
  "pages.correctionsAsk": "Cómo pedir una corrección",
  "pages.correctionsAskText":
    "Escríbanos desde nuestra {contact} con el asunto “Corrección”, el enlace a la página o a la nota, y lo que está mal. La redacción lee cada mensaje.",
  "pages.correctionsContact": "página de Contacto",
  "pages.correctionsList": "Correcciones hechas",
  "pages.correctionsNone":
    "Ninguna hasta ahora: cada corrección que hagamos aparecerá aquí con su fecha.",
  "pages.seeAlso": "Vea: {page}",
};
