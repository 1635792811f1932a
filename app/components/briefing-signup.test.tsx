// @vitest-environment happy-dom
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";

// The morning briefing's sign-up form (issue 54): a plain form post to the edition's /briefing
// (no JavaScript needed), its words in the edition's language, and, while sign-ups are closed
// (no SMTP_URL), shown with a line saying so instead of a form.

const root = {
  site: { name: "Houston City Wire", locale: "en-US" },
  edition: { path: "", alternates: [] },
  briefing: { open: true, hour: 6 },
};
vi.mock("~/lib/root-data", () => ({ useRootData: () => root, useSite: () => root }));
const { BriefingSignup } = await import("./briefing-signup");

afterEach(() => {
  root.site.locale = "en-US";
  root.edition.path = "";
  root.briefing = { open: true, hour: 6 };
});

function parsed(html: string): Document {
  return new DOMParser().parseFromString(html, "text/html");
}

describe("the briefing sign-up form", () => {
  it("posts an address (and the hidden honeypot) to /briefing, labelled, with the hour", () => {
    const page = parsed(renderToStaticMarkup(<BriefingSignup />));
    const form = page.querySelector("form");
    expect(form?.getAttribute("method")).toBe("post");
    expect(form?.getAttribute("action")).toBe("/briefing");
    const email = page.querySelector<HTMLInputElement>('input[name="email"]');
    expect(email?.type).toBe("email");
    expect(page.querySelector(`label[for="${email?.id}"]`)?.textContent).toBe(
      "Your e-mail address",
    );
    expect(
      page.querySelector('input[name="website"]')?.closest("[aria-hidden=true]"),
    ).not.toBeNull();
    expect(page.querySelector("button[type=submit]")?.textContent).toBe("Sign up");
    expect(page.body.textContent).toContain("every morning at 6:00 AM");
    expect(page.querySelector("h2")?.textContent).toBe("The morning briefing");
  });

  it("in Spanish on the Spanish edition, posting under its prefix", () => {
    root.site.locale = "es-US";
    root.edition.path = "/es";
    root.briefing = { open: true, hour: 7 };
    const page = parsed(renderToStaticMarkup(<BriefingSignup tone="ink" />));
    expect(page.querySelector("form")?.getAttribute("action")).toBe("/es/briefing");
    expect(page.querySelector("h2")?.textContent).toBe("El boletín matutino");
    expect(page.querySelector("button")?.textContent).toBe("Suscribirme");
    expect(page.body.textContent).toMatch(/cada mañana a las 7:00/i);
  });

  it("says sign-ups are closed, with no form, without SMTP_URL", () => {
    root.briefing = { open: false, hour: 6 };
    const page = parsed(renderToStaticMarkup(<BriefingSignup />));
    expect(page.querySelector("form")).toBeNull();
    expect(page.querySelector("h2")?.textContent).toBe("The morning briefing");
    expect(page.body.textContent).toContain(
      "Sign-ups for the morning briefing are closed for now.",
    );
  });
});
