// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ErrorBoundary } from "./root";

// The error screen (issue 38) in the edition's language: its heading, message and way home come
// from the catalogue of the page's locale (the root's data); English where that data is absent.

afterEach(cleanup);

/** A page whose route fails, under a root whose data names `locale` (none: the root failed). */
function failing(locale: string | undefined) {
  const Failing = () => {
    throw new Error("boom");
  };
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => (locale ? { site: { locale } } : null),
      HydrateFallback: () => null,
      ErrorBoundary: ErrorBoundary as never,
      children: [{ index: true, Component: Failing }],
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

describe("the error screen", () => {
  it("is in Spanish on a page of a Spanish edition", async () => {
    failing("es-US");
    expect(
      await screen.findByRole("heading", { name: "¡Error inesperado de la aplicación!" }),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Volver a la portada" })).toBeTruthy();
    expect(document.body.textContent).not.toContain("Unexpected Application Error!");
    expect(document.body.textContent).not.toContain("Return to Homepage");
  });

  it("is the specification's English on an English page", async () => {
    failing("en-US");
    expect(
      await screen.findByRole("heading", { name: "Unexpected Application Error!" }),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Return to Homepage" })).toBeTruthy();
  });
});
