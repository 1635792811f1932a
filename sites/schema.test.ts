import { describe, expect, it } from "vitest";
import { SITES } from "./registry";
import { parseSite, SiteConfigError, type SiteConfig } from "./schema";

const houston = SITES.houston;

/** A deep copy of the Houston config with one change applied. */
function withChange(change: (site: Record<string, unknown> & SiteConfig) => void): unknown {
  const copy = structuredClone(houston) as Record<string, unknown> & SiteConfig;
  change(copy);
  return copy;
}

describe("SiteSchema", () => {
  it.each(Object.entries(SITES))("accepts the %s site", (_id, site) => {
    expect(parseSite(site)).toEqual(site);
  });

  it("accepts empty third-party embed ids and an empty radio upstream", () => {
    expect(() => parseSite(houston)).not.toThrow();
    expect(houston.embeds.leadForm).toBe("");
  });

  it.each([
    ["name", (s: SiteConfig) => void ((s as { name?: string }).name = undefined)],
    ["contact.email", (s: SiteConfig) => void (s.contact.email = "not-an-email")],
    ["contact.phone", (s: SiteConfig) => void (s.contact.phone = "call us")],
    ["baseUrl", (s: SiteConfig) => void (s.baseUrl = "ftp://example.com")],
    ["baseUrl", (s: SiteConfig) => void (s.baseUrl = "https://example.com/")],
    ["donationUrl", (s: SiteConfig) => void (s.donationUrl = "javascript:alert(1)")],
    ["geo.latitude", (s: SiteConfig) => void (s.geo.latitude = 123)],
    ["timeZone", (s: SiteConfig) => void (s.timeZone = "Mars/Olympus_Mons")],
    ["locale", (s: SiteConfig) => void (s.locale = "not a locale!")],
    ["stateCode", (s: SiteConfig) => void (s.stateCode = "Texas")],
    ["partners", (s: SiteConfig) => void s.partners.pop()],
    [
      "partners.0.url",
      (s: SiteConfig) => void (s.partners[0] = { label: "X", url: "data:text/html,hi" }),
    ],
    ["socialImage", (s: SiteConfig) => void (s.socialImage = "https://cdn.example/x.png")],
    ["embeds.leadForm", (s: SiteConfig) => void (s.embeds.leadForm = '"><script>')],
    ["feeds.local.0", (s: SiteConfig) => void (s.feeds.local = ["file:///etc/passwd"])],
    ["radio.ports.0", (s: SiteConfig) => void (s.radio.ports = [70000])],
    ["radio.maxListeners", (s: SiteConfig) => void (s.radio.maxListeners = 0)],
  ])("rejects a bad %s and names the field", (field, change) => {
    const bad = withChange(change);
    expect(() => parseSite(bad, "test site")).toThrow(SiteConfigError);
    expect(() => parseSite(bad, "test site")).toThrow(
      new RegExp(`- ${field.replace(".", "\\.")}:`),
    );
  });

  it("rejects an unknown feed key", () => {
    const bad = withChange((s) => {
      (s.feeds as Record<string, string[]>).weather = ["https://example.com/rss"];
    });
    expect(() => parseSite(bad)).toThrow(/feeds/);
  });

  it("names the source in the message", () => {
    expect(() => parseSite({}, 'site config "sites/x/site.ts"')).toThrow(
      /Invalid site config "sites\/x\/site.ts"/,
    );
  });
});
