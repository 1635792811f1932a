import type { ServerResponse } from "node:http";
import { jsonHeaders, textHeaders } from "./headers";

/** A short plain-text answer with the site's headers, never stored. */
export function plain(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, textHeaders());
  res.end(body);
}

/** A small JSON answer with the site's headers, never stored. */
export function json(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, jsonHeaders());
  res.end(JSON.stringify(body));
}
