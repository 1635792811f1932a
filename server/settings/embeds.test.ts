import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  adScriptUrl,
  documentPreviewUrl,
  scriptOrigins,
  thirdPartyScripts,
  videoEmbedUrl,
} from "../../common/embeds";
import type { City } from "../../sites/schema";
import { fixtureCity, fixtureCityNamed } from "../../tests/support/fixture-city";
import { EmbedsFileError, embedCspSources, readEmbedsFile } from "./embeds";
import { contentSecurityPolicy } from "../http/headers";

type Embeds = City["embeds"];

const NONE: Embeds = {
  formScript: "",
  adClient: "",
  imageBoard: "",
  eventsFeed: "",
  leadForm: "",
  featuredVideo: "",
};

const ALL: Embeds = {
  formScript: "https://forms.example.com/embed.js",
  adClient: "ca-pub-123",
  imageBoard: "https://board.example.net/wall/7",
  eventsFeed: "https://events.example.org/city?x=1",
  leadForm: "https://leads.example.com/f/abc",
  featuredVideo: "vid1",
};

const dir = mkdtempSync(path.join(os.tmpdir(), "embeds-file-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(content: unknown): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
  return file;
}

/** A site's services as far as its CSP reads them: embeds, and documents with these ids. */
function services(embeds: Embeds, documentIds: string[] = []) {
  const documents = documentIds.map((id, i) => ({ id, title: `Doc ${i}` }));
  return { site: { embeds }, content: { pages: { partners: { documents } } } };
}

/** Fetch directives that the browser answers with default-src's sources when absent (CSP3). */
const FETCH_DIRECTIVES = [
  "script-src",
  "style-src",
  "img-src",
  "connect-src",
  "font-src",
  "media-src",
];

/**
 * One directive's sources in effect, from a policy built with these embeds: a fetch directive
 * the policy leaves out has default-src's.
 */
function directive(csp: string, name: string): string[] {
  const sources = (n: string) =>
    csp
      .split(";")
      .find((d) => d.startsWith(`${n} `))
      ?.split(" ")
      .slice(1);
  return (
    sources(name) ?? (FETCH_DIRECTIVES.includes(name) ? sources("default-src") : undefined) ?? []
  );
}

describe("third-party scripts", () => {
  it("are none for a site that configures none", () => {
    expect(thirdPartyScripts(NONE)).toEqual([]);
    expect(scriptOrigins(NONE)).toEqual([]);
  });

  it("are the form-embed script and the ad script when configured, from their origins", () => {
    expect(thirdPartyScripts(ALL)).toEqual([
      "https://forms.example.com/embed.js",
      "https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-123",
    ]);
    expect(scriptOrigins(ALL)).toEqual([
      "https://forms.example.com",
      "https://pagead2.googlesyndication.com",
    ]);
  });

  it("encode ids into their URLs", () => {
    expect(adScriptUrl("a b&c")).toContain("client=a%20b%26c");
    expect(videoEmbedUrl("a/../b")).toBe(
      "https://www.youtube-nocookie.com/embed/a%2F..%2Fb?autoplay=1",
    );
    expect(documentPreviewUrl("x/y")).toBe("https://drive.google.com/file/d/x%2Fy/preview");
  });
});

describe("embedCspSources", () => {
  it("adds nothing for a site that configures no embed: no third-party script, no frame", () => {
    const sources = embedCspSources(services(NONE, ["", ""]));
    expect(sources).toEqual({ scripts: [], frames: [], connect: [], images: [] });
    const csp = contentSecurityPolicy(["sha256-abc"], sources);
    expect(directive(csp, "script-src")).toEqual(["'self'", "'sha256-abc'"]);
    expect(directive(csp, "frame-src")).toEqual(["'none'"]);
    expect(directive(csp, "connect-src")).toEqual(["'self'"]);
    expect(directive(csp, "img-src")).toEqual(["'self'", "data:"]);
    expect(directive(csp, "media-src")).toEqual(["'self'"]);
    expect(directive(csp, "font-src")).toEqual(["'self'"]);
    // Said once, by default-src: what would only repeat it is left out of every page's headers.
    expect(csp).not.toMatch(/connect-src|media-src|font-src/);
  });

  it("names each configured embed's origin in its directive, and no wildcard", () => {
    const csp = contentSecurityPolicy(["sha256-abc"], embedCspSources(services(ALL, ["d1"])));
    expect(directive(csp, "script-src")).toEqual(
      expect.arrayContaining([
        "https://forms.example.com",
        "https://pagead2.googlesyndication.com",
      ]),
    );
    expect(directive(csp, "frame-src")).toEqual(
      expect.arrayContaining([
        "https://www.youtube-nocookie.com",
        "https://board.example.net",
        "https://events.example.org",
        "https://leads.example.com",
        "https://drive.google.com",
        "https://forms.example.com",
        "https://googleads.g.doubleclick.net",
      ]),
    );
    expect(directive(csp, "connect-src")).toContain("https://forms.example.com");
    expect(directive(csp, "img-src")).toContain("https://pagead2.googlesyndication.com");
    for (const name of ["script-src", "frame-src", "connect-src", "img-src"]) {
      expect(directive(csp, name)).not.toContain("https:");
      expect(directive(csp, name).every((s) => s.startsWith("'") || !s.includes("*"))).toBe(true);
    }
  });

  it.each([
    [
      "formScript",
      { formScript: ALL.formScript },
      {
        scripts: ["https://forms.example.com"],
        frames: ["https://forms.example.com"],
        connect: ["https://forms.example.com"],
        images: [],
      },
    ],
    [
      "featuredVideo",
      { featuredVideo: "v" },
      { scripts: [], frames: ["https://www.youtube-nocookie.com"], connect: [], images: [] },
    ],
    [
      "leadForm",
      { leadForm: ALL.leadForm },
      { scripts: [], frames: ["https://leads.example.com"], connect: [], images: [] },
    ],
    [
      "eventsFeed",
      { eventsFeed: ALL.eventsFeed },
      { scripts: [], frames: ["https://events.example.org"], connect: [], images: [] },
    ],
    [
      "imageBoard",
      { imageBoard: ALL.imageBoard },
      { scripts: [], frames: ["https://board.example.net"], connect: [], images: [] },
    ],
  ] as const)("adds only what %s needs", (_, embeds, expected) => {
    expect(embedCspSources(services({ ...NONE, ...embeds }))).toEqual(expected);
  });

  it("adds the ad script's origin and AdSense's frames, beacons and pixels for adClient", () => {
    const sources = embedCspSources(services({ ...NONE, adClient: "ca-pub-9" }));
    expect(sources.scripts[0]).toBe("https://pagead2.googlesyndication.com");
    expect(sources.frames).toContain("https://googleads.g.doubleclick.net");
    expect(sources.connect).toContain("https://pagead2.googlesyndication.com");
    expect(sources.images).toContain("https://pagead2.googlesyndication.com");
    expect(sources.frames).not.toContain("https://www.youtube-nocookie.com");
  });

  it("frames the document previews only when a document has an id", () => {
    expect(embedCspSources(services(NONE, ["", "d2"])).frames).toEqual([
      "https://drive.google.com",
    ]);
  });

  it("is per city: one city's embeds widen no other city's policy", () => {
    const city = fixtureCity({ embeds: ALL });
    const configured = { site: city, content: city.content };
    const other = fixtureCityNamed("Stubport", { embeds: NONE });
    const plain = { site: other, content: other.content };
    expect(embedCspSources(configured).scripts).toContain("https://pagead2.googlesyndication.com");
    expect(embedCspSources(plain)).toEqual({
      scripts: [],
      frames: [],
      connect: [],
      images: [],
    });
  });
});

describe("readEmbedsFile", () => {
  it("reads a valid file; a key it leaves out is not configured", () => {
    expect(readEmbedsFile(write({ adClient: "ca-pub-1", leadForm: ALL.leadForm }))).toEqual({
      ...NONE,
      adClient: "ca-pub-1",
      leadForm: ALL.leadForm,
    });
    expect(readEmbedsFile(write(ALL))).toEqual(ALL);
  });

  it("rejects an unknown key, naming it", () => {
    expect(() => readEmbedsFile(write({ adClient: "x", adSlot: "y" }))).toThrow(
      /Invalid EMBEDS_FILE .*\n {2}- adSlot: /,
    );
  });

  it.each([
    ["leadForm", "http://leads.example.com/f"],
    ["formScript", "javascript:alert(1)"],
    ["eventsFeed", "not a url"],
    ["adClient", "<script>"],
  ])("rejects a bad %s, naming it", (key, value) => {
    expect(() => readEmbedsFile(write({ [key]: value }))).toThrow(new RegExp(`- ${key}: `));
  });

  it("rejects a file that is not JSON, or missing", () => {
    expect(() => readEmbedsFile(write("{ nope"))).toThrow(EmbedsFileError);
    expect(() => readEmbedsFile(path.join(dir, "missing.json"))).toThrow(/Cannot read EMBEDS_FILE/);
  });
});
