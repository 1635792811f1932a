import type { Area } from "../catalogue";
import type { layout as en } from "../en/layout";

// Texto de la interfaz en español (layout).
export const layout: Area<typeof en> = {};
