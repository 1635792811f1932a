import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { Overloaded } from "../limiter";
import { LogBudget } from "./log-budget";
import {
  NETWORK_LOCALE,
  Refusal,
  answerFailure,
  cityLocale,
  sendRefusal,
  serverText,
} from "./refusals";

// A city's refusals in its edition's language (issue 38): the short texts of server/http come
// from the catalogue's `server` area, in the city's locale where the city is known, else in the
// network's English; the Refusal's message (what logs show) stays English.

/** A response that keeps what is written to it. */
function response() {
  const sent = { status: 0, body: "" };
  const res = {
    headersSent: false,
    writeHead(status: number) {
      sent.status = status;
      return res;
    },
    end(body?: string) {
      sent.body = body ?? "";
      return res;
    },
  };
  return { res: res as unknown as ServerResponse, sent };
}

const quiet = { info() {}, warn() {}, error() {}, debug() {} };

describe("the server's refusals in the city's language", () => {
  it("writes a refusal in the locale given, English by default, its message English", () => {
    const refusal = new Refusal(400, "server.badRequest");
    expect(refusal.message).toBe("Bad request");
    const english = response();
    sendRefusal(english.res, refusal);
    expect(english.sent).toEqual({ status: 400, body: "Bad request" });
    const spanish = response();
    sendRefusal(spanish.res, refusal, "es-US");
    expect(spanish.sent).toEqual({ status: 400, body: "Solicitud incorrecta" });
  });

  it("answers a shed render and a failure of the site's own in Spanish for a Spanish city", () => {
    const log = { logger: quiet as never, budget: new LogBudget() };
    const req = { method: "GET", url: "/" } as never;
    const shed = response();
    answerFailure(req, shed.res, new Overloaded("full"), log, "es-US");
    expect(shed.sent).toEqual({
      status: 503,
      body: "El sitio está ocupado: inténtelo de nuevo en un momento.",
    });
    const failed = response();
    answerFailure(req, failed.res, new Error("boom"), log, "es-US");
    expect(failed.sent).toEqual({ status: 500, body: "Error interno del servidor" });
    const english = response();
    answerFailure(req, english.res, new Error("boom"), log);
    expect(english.sent.body).toBe("Internal server error");
  });

  it("takes the city's locale, or the network's when the city's data cannot be read", () => {
    expect(cityLocale(() => ({ site: { locale: "es-US" } }))).toBe("es-US");
    const unavailable = () => {
      throw new Refusal(503, "server.unavailable");
    };
    expect(cityLocale(unavailable)).toBe(NETWORK_LOCALE);
    expect(serverText("server.tooManyLive", "es-US")).toBe(
      "Demasiadas conexiones en vivo: inténtelo de nuevo más tarde.",
    );
    expect(serverText("server.tooManyLive")).toBe(
      "Too many live connections: please try again later.",
    );
  });
});
