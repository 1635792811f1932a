import type { Area } from "../catalogue";
import type { pages as en } from "../en/pages";

// Texto de la interfaz en español (pages).
export const pages: Area<typeof en> = {};
