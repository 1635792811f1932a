import type { Area } from "../catalogue";
import type { meta as en } from "../en/meta";

// Texto de la interfaz en español (meta).
export const meta: Area<typeof en> = {};
