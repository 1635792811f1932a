import { pino, type Logger } from "pino";

/** Creates the process logger: JSON lines in production, readable lines in development. */
export function createLogger(level: string, pretty: boolean): Logger {
  return pino({
    level,
    base: undefined,
    transport: pretty ? { target: "pino-pretty", options: { colorize: true } } : undefined,
  });
}
