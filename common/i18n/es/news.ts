import type { Area } from "../catalogue";
import type { news as en } from "../en/news";

// Texto de la interfaz en español (news).
export const news: Area<typeof en> = {};
