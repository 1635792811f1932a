import { describe, expect, it } from "vitest";
import { testCity } from "../../tests/support/cities";

// Issue 54: addresses are kept only while subscribed, and the privacy pages say so, in each
// edition's language (the network's text, sites/network.json, and the Spanish edition's).

describe("the privacy pages on the morning briefing", () => {
  it.each([
    ["houston", "The morning briefing", /only while you are subscribed/, /deletes your address/],
    ["houston.es", "El boletín matutino", /solo mientras esté suscrito/, /borra su dirección/],
  ])("%s: the policy's section and the short page's line", (site, title, kept, deleted) => {
    const { legal } = testCity(site).content.pages;
    const section = legal.privacyPolicy.find((s) => s.title === title);
    const text = section?.paragraphs.join(" ") ?? "";
    expect(text).toMatch(kept);
    expect(text).toMatch(deleted);
    expect(text).toMatch(/48/);
    expect(legal.privacy.some((line) => kept.test(line))).toBe(true);
  });
});
