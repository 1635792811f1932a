import type { Area } from "../catalogue";
import type { radio as en } from "../en/radio";

// Texto de la interfaz en español (radio).
export const radio: Area<typeof en> = {};
