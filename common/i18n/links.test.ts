import { describe, expect, it } from "vitest";
import { CATALOGUES } from "./index";
import { LINK_AREAS, linkAreaOf } from "./links";

describe("the links area (what an island that renders links says)", () => {
  it("is every catalogue's own, and no language's without one", () => {
    expect(Object.keys(LINK_AREAS).sort()).toEqual(Object.keys(CATALOGUES).sort());
    for (const [language, catalogue] of Object.entries(CATALOGUES)) {
      for (const [key, text] of Object.entries(LINK_AREAS[language] ?? {})) {
        expect(catalogue[key as keyof typeof catalogue], `${language} ${key}`).toBe(text);
      }
    }
  });

  it("is found by a locale's language, English where it has no catalogue (as catalogueFor)", () => {
    expect(linkAreaOf("es-US")["layout.opensInNewTab"]).toBe("(se abre en una pestaña nueva)");
    expect(linkAreaOf("en-GB")).toBe(LINK_AREAS.en);
    expect(linkAreaOf("de-DE")).toBe(LINK_AREAS.en);
  });
});
