// @vitest-environment happy-dom
import { routerContext } from "~/lib/city-context";
import type { LoadContext } from "../../server/context";
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, type UNSAFE_DataWithResponseInit } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CONTACT_LIMITS, cityServices } from "../../tests/support/cities";
import { fixtureCity } from "../../tests/support/fixture-city";
import { fixedNews } from "../../tests/support/news";
import type { CityMessages } from "../../server/messages/store";
import { ContactDetails } from "~/components/contact-details";
import { ContactForm, type ContactResult } from "~/components/contact-form";
import { fieldError, rateLimitText } from "~/lib/contact-messages.server";
import type * as RootData from "~/lib/root-data";
import { translatorFor } from "../../common/i18n";
import { action as contactAction } from "./contact";

// The contact form of a Spanish edition (issue 38): its labels, its errors, the rate limit and
// the thanks in Spanish, with Spanish plurals; and the English text as the specification's.

afterEach(cleanup);

vi.mock("~/lib/root-data", async (importOriginal) => ({
  ...(await importOriginal<typeof RootData>()),
  useSite: () => ({ islands: { contact: "/assets/island-contact.js" } }),
}));

const ES = translatorFor("es-US");
const EN = translatorFor("en-US");
const CITY = { ...fixtureCity(), locale: "es-US" };

const TYPED = { name: "Ana Ruiz", email: "ana", subject: "", message: "x".repeat(5001) };

async function post(messages: CityMessages, body: Record<string, string> = TYPED) {
  const request = new Request("https://example.org/contact", {
    method: "POST",
    body: new URLSearchParams(body),
  });
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() };
  const context = routerContext({
    ...cityServices(CITY, { news: fixedNews(), messages }),
    clientAddress: "203.0.113.5",
    log,
  } as unknown as LoadContext);
  return (await contactAction({
    request,
    context,
    params: {},
  } as never)) as UNSAFE_DataWithResponseInit<ContactResult>;
}

/** The form and the details as a Spanish page renders them (the root's data names the locale). */
function renderSpanish(result: ContactResult | undefined) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ site: { locale: "es-US" } }),
      HydrateFallback: () => null,
      Component: () => (
        <>
          <ContactForm result={result} limits={CONTACT_LIMITS} />
          <ContactDetails
            contact={{
              email: "noticias@example.org",
              phone: "713-555-0100",
              address: "1 Main St, Houston, TX",
              officeHours: "L–V, 9–5",
            }}
          />
        </>
      ),
    },
  ]);
  render(<Stub />);
}

const ENGLISH = [
  "Name",
  "Email",
  "Subject",
  "Message",
  "Send",
  "General Inquiries",
  "Thank you",
  "Please",
  "Contact Details",
  "Phone",
  "Address",
  "Office hours",
  "Open in a map",
  "Website",
];

/** A rate limit as the store names it (server/messages/store.ts: 3 messages in 10 minutes). */
const LIMIT = { messages: 3, windowMinutes: 10 };

describe("the contact form in Spanish (es-US)", () => {
  it("answers each refused field in Spanish", async () => {
    const answer = await post({
      submit: async () => ({
        ok: false,
        reason: "invalid",
        errors: { email: "invalid", subject: "required", message: "tooLong" },
      }),
      limits: CONTACT_LIMITS,
    });
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toEqual({
      ok: false,
      errors: {
        email: "Escriba una dirección de correo electrónico válida.",
        subject: "Escriba un asunto.",
        message: "Su mensaje debe tener menos de 5,000 caracteres.",
      },
      values: TYPED,
    });
  });

  it("says the rate limit in Spanish, with its plurals", async () => {
    const answer = await post({
      submit: async () => ({
        ok: false,
        reason: "rate-limited",
        retryAfterMs: 9.5 * 60_000,
        limit: LIMIT,
      }),
      limits: CONTACT_LIMITS,
    });
    expect(answer.init?.status).toBe(429);
    expect(answer.data).toMatchObject({
      errors: {
        message:
          "Ha enviado 3 mensajes en los últimos 10 minutos. Vuelva a intentarlo en 10 minutos.",
      },
    });
    expect(rateLimitText({ retryAfterMs: 30_000, limit: LIMIT }, ES)).toBe(
      "Ha enviado 3 mensajes en los últimos 10 minutos. Vuelva a intentarlo en un minuto.",
    );
  });

  it("says a message not stored in Spanish", async () => {
    const answer = await post({
      submit: async () => ({ ok: false, reason: "unavailable" }),
      limits: CONTACT_LIMITS,
    });
    expect(answer.init?.status).toBe(503);
    expect(answer.data).toMatchObject({ errors: { message: ES("forms.notSent") } });
    expect(ES("forms.notSent")).toMatch(/^Su mensaje NO se envió/);
  });

  it("renders labels, errors, the button, its sending words and the details in Spanish", async () => {
    renderSpanish({
      ok: false,
      errors: { name: fieldError("name", "required", CONTACT_LIMITS, ES) },
      values: { name: "", email: "", subject: "", message: "" },
    });
    expect(await screen.findByText("Consultas generales")).toBeTruthy();
    expect(screen.getByLabelText("Nombre")).toBeTruthy();
    expect(screen.getByLabelText("Correo electrónico")).toBeTruthy();
    expect(screen.getByLabelText("Asunto")).toBeTruthy();
    expect(screen.getByLabelText("Mensaje")).toBeTruthy();
    expect(screen.getByText("Escriba su nombre.")).toBeTruthy();
    const button = screen.getByRole("button");
    expect(button.textContent).toBe("Enviar mensaje");
    expect(button.dataset.sending).toBe("Enviando...");
    expect(screen.getByText("Datos de contacto")).toBeTruthy();
    expect(screen.getByText("Horario de atención")).toBeTruthy();
    expect(screen.getByText("Abrir en un mapa")).toBeTruthy();
    const text = document.body.textContent ?? "";
    for (const word of ENGLISH) expect(text, word).not.toMatch(new RegExp(`\\b${word}\\b`));
  });

  it("thanks the sender in Spanish", async () => {
    renderSpanish({ ok: true });
    expect((await screen.findByRole("status")).textContent).toBe(
      "¡Gracias por su mensaje! Le responderemos pronto.",
    );
  });
});

describe("the contact form's messages in English: the specification's text", () => {
  it("says each field's error and the rate limit in the specification's words", () => {
    expect(fieldError("name", "required", CONTACT_LIMITS, EN)).toBe("Please enter your name.");
    expect(fieldError("name", "tooLong", CONTACT_LIMITS, EN)).toBe(
      "Please keep your name under 100 characters.",
    );
    expect(fieldError("email", "tooLong", CONTACT_LIMITS, EN)).toBe(
      "Please enter a shorter e-mail address.",
    );
    expect(fieldError("email", "invalid", CONTACT_LIMITS, EN)).toBe(
      "Please enter a valid e-mail address.",
    );
    expect(fieldError("message", "tooLong", CONTACT_LIMITS, EN)).toBe(
      "Please keep your message under 5,000 characters.",
    );
    expect(rateLimitText({ retryAfterMs: 10 * 60_000, limit: LIMIT }, EN)).toBe(
      "You have sent 3 messages in the last 10 minutes. Please try again in 10 minutes.",
    );
    expect(rateLimitText({ retryAfterMs: 60_000, limit: LIMIT }, EN)).toBe(
      "You have sent 3 messages in the last 10 minutes. Please try again in a minute.",
    );
    expect(rateLimitText({ retryAfterMs: 1, limit: LIMIT }, EN)).toBe(
      "You have sent 3 messages in the last 10 minutes. Please try again in a minute.",
    );
  });
});
