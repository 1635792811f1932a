import type { Area } from "../catalogue";
import type { server as en } from "../en/server";

// Texto de la interfaz en español (server).
export const server: Area<typeof en> = {};
