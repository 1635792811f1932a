import type { Area } from "../catalogue";
import type { core as en } from "../en/core";

// Español: fechas, idiomas y las pantallas en que cualquier página puede acabar.
export const core: Area<typeof en> = {
  "time.justNow": "ahora mismo",
  "time.minutesAgo": { one: "hace {count} minuto", other: "hace {count} minutos" },
  "time.hoursAgo": { one: "hace {count} hora", other: "hace {count} horas" },
  "time.yesterday": "ayer",
  "time.daysAgo": { one: "hace {count} día", other: "hace {count} días" },
  "edition.untranslated":
    "Esta página aún no está disponible en {language}: se muestra en {original}.",
};
