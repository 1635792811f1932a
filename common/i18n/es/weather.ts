import type { Area } from "../catalogue";
import type { weather as en } from "../en/weather";

// Texto de la interfaz en español (weather).
export const weather: Area<typeof en> = {};
