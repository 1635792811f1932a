import { describe, expect, it } from "vitest";
import { testCity } from "../tests/support/cities";
import { fixtureCity } from "../tests/support/fixture-city";
import {
  CitySchema,
  EMERGENCY_LINKS,
  SiteConfigError,
  describeIssues,
  feedUrl,
  parseSite,
  type City,
} from "./schema";

/** The network's cities (sites/cities): their data files are checked here. */
const CITY_IDS = ["houston", "anchorage", "honolulu"] as const;

/** The fixture city (tests/support/fixture-city.ts) with one change applied, valid or not. */
function withChange(change: (site: Record<string, unknown> & City) => void): unknown {
  const copy = fixtureCity() as Record<string, unknown> & City;
  change(copy);
  return copy;
}

/** CitySchema's verdict on some data: the problems as parseCity words them, or "" when valid. */
function problems(input: unknown): string {
  const result = CitySchema.safeParse(input);
  return result.success ? "" : describeIssues(result.error.issues);
}

describe("CitySchema", () => {
  it.each(CITY_IDS)("accepts the %s city, changing nothing", (id) => {
    const city = testCity(id);
    const result = CitySchema.safeParse(city);
    expect(result.success).toBe(true);
    expect(result.data).toEqual(city);
  });

  it("accepts empty third-party embed ids and an empty radio upstream", () => {
    const none = withChange((s) => {
      s.embeds = {
        formScript: "",
        adClient: "",
        imageBoard: "",
        eventsFeed: "",
        leadForm: "",
        featuredVideo: "",
      };
      s.radio.upstream = "";
    });
    expect(problems(none)).toBe("");
    expect(CitySchema.parse(none).embeds.leadForm).toBe("");
  });

  // The lead form is an https URL the contact page frames, or empty: not configured, left out.
  it.each([
    ["an https URL", "https://leads.example.test/f/abc?x=1"],
    ["empty (not configured)", ""],
  ])("takes a lead form that is %s", (_kind, leadForm) => {
    const city = withChange((s) => void (s.embeds.leadForm = leadForm));
    expect(problems(city)).toBe("");
    expect(CitySchema.parse(city).embeds.leadForm).toBe(leadForm);
  });

  it.each([
    ["an http URL", "http://leads.example.test/f/abc"],
    ["a path", "/contact-form"],
    ["markup", '"><script>'],
  ])("refuses a lead form that is %s, naming the field", (_kind, leadForm) => {
    expect(problems(withChange((s) => void (s.embeds.leadForm = leadForm)))).toMatch(
      /^ {2}- embeds\.leadForm: must be an https URL/m,
    );
  });

  it("accepts a city without a phone, an address or a baseUrl", () => {
    const bare = withChange((s) => {
      delete s.contact.phone;
      delete s.contact.address;
      delete s.baseUrl;
    });
    expect(problems(bare)).toBe("");
  });

  it("accepts a feed as its URL or as { url, timeZone, name, language }", () => {
    const both = withChange((s) => {
      s.feeds.local = [
        "https://a.example/rss",
        {
          url: "https://b.example/rss",
          timeZone: "America/Chicago",
          name: "B",
          language: "en-US",
        },
      ];
    });
    expect(problems(both)).toBe("");
    expect((both as City).feeds.local?.map(feedUrl)).toEqual([
      "https://a.example/rss",
      "https://b.example/rss",
    ]);
  });

  it.each([
    ["name", (s: City) => void ((s as { name?: string }).name = undefined)],
    ["hosts", (s: City) => void (s.hosts = [])],
    ["hosts.0", (s: City) => void (s.hosts = ["Example.com:80"])],
    ["contact.email", (s: City) => void (s.contact.email = "not-an-email")],
    ["contact.phone", (s: City) => void (s.contact.phone = "call us")],
    ["baseUrl", (s: City) => void (s.baseUrl = "ftp://example.com")],
    ["baseUrl", (s: City) => void (s.baseUrl = "https://example.com/")],
    ["donationUrl", (s: City) => void (s.donationUrl = "javascript:alert(1)")],
    ["geo.latitude", (s: City) => void (s.geo.latitude = 123)],
    ["timeZone", (s: City) => void (s.timeZone = "Mars/Olympus_Mons")],
    ["locale", (s: City) => void (s.locale = "not a locale!")],
    ["stateCode", (s: City) => void (s.stateCode = "Texas")],
    ["partners", (s: City) => void s.partners.pop()],
    [
      "partners.0.url",
      (s: City) => void (s.partners[0] = { label: "X", url: "data:text/html,hi" }),
    ],
    ["socialImage", (s: City) => void (s.socialImage = "https://cdn.example/x.png")],
    ["embeds.leadForm", (s: City) => void (s.embeds.leadForm = '"><script>')],
    ["feeds.local.0", (s: City) => void (s.feeds.local = ["file:///etc/passwd"])],
    [
      "feeds.local.0.timeZone",
      (s: City) => void (s.feeds.local = [{ url: "https://a.example/rss", timeZone: "Nowhere" }]),
    ],
    ["radio.ports.0", (s: City) => void (s.radio.ports = [70000])],
    ["radio.maxListeners", (s: City) => void (s.radio.maxListeners = 0)],
  ])("rejects a bad %s and names the field", (field, change) => {
    expect(problems(withChange(change))).toMatch(
      new RegExp(`^  - ${field.replaceAll(".", "\\.")}:`, "m"),
    );
  });

  // Storm mode's emergency links: each city its own, a few https links with a label, or none.
  it("takes a city's emergency links, or none", () => {
    const links = [
      { label: "Ready Fixtureville", url: "https://ready.fixtureville.test/" },
      { label: "Outage map", url: "https://outages.fixtureville.test/map?area=all" },
    ];
    const city = withChange((s) => void (s.emergency = links));
    expect(problems(city)).toBe("");
    expect(CitySchema.parse(city).emergency).toEqual(links);
    expect(problems(withChange((s) => void delete s.emergency))).toBe("");
    expect(problems(withChange((s) => void (s.emergency = [])))).toBe("");
  });

  it.each([
    ["an http URL", "emergency.0.url", [{ label: "Ready", url: "http://ready.example.test/" }]],
    ["a script URL", "emergency.0.url", [{ label: "Ready", url: "javascript:alert(1)" }]],
    ["an empty label", "emergency.0.label", [{ label: "", url: "https://ready.example.test/" }]],
    ["a blank label", "emergency.0.label", [{ label: "   ", url: "https://ready.example.test/" }]],
    [
      "too many links",
      "emergency",
      Array.from({ length: EMERGENCY_LINKS + 1 }, (_, i) => ({
        label: `Link ${i}`,
        url: `https://link-${i}.example.test/`,
      })),
    ],
    [
      "a link with an unknown key",
      "emergency.0.icon",
      [{ label: "Ready", url: "https://ready.example.test/", icon: "siren" }],
    ],
  ])("refuses emergency links with %s, naming the field", (_kind, field, links) => {
    const city = withChange((s) => void ((s as { emergency?: unknown }).emergency = links));
    expect(problems(city)).toMatch(new RegExp(`^  - ${field.replaceAll(".", "\\.")}:`, "m"));
  });

  it.each(CITY_IDS)("gives the %s city emergency links of its own", (id) => {
    const links = testCity(id).emergency ?? [];
    expect(links.length).toBeGreaterThan(0);
    const others = CITY_IDS.filter((other) => other !== id).flatMap(
      (other) => testCity(other).emergency ?? [],
    );
    for (const link of links) expect(others.map((o) => o.url)).not.toContain(link.url);
  });

  it("rejects an unknown feed key", () => {
    const bad = withChange((s) => {
      (s.feeds as Record<string, string[]>).weather = ["https://example.com/rss"];
    });
    expect(problems(bad)).toMatch(/feeds/);
  });
});

describe("parseSite", () => {
  it("names the source in the message", () => {
    expect(() => parseSite({}, 'site config "sites/x/site.ts"')).toThrow(SiteConfigError);
    expect(() => parseSite({}, 'site config "sites/x/site.ts"')).toThrow(
      /Invalid site config "sites\/x\/site.ts"/,
    );
  });
});
