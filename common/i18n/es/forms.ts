import type { Area } from "../catalogue";
import type { forms as en } from "../en/forms";

// Texto de la interfaz en español (forms).
export const forms: Area<typeof en> = {};
