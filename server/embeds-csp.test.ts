import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./security";
import { adScriptUrl, scriptOrigins, thirdPartyScripts } from "../app/lib/embeds";

describe("third-party scripts", () => {
  it("are none for a site that configures none", () => {
    expect(thirdPartyScripts({ formScript: "", adClient: "" })).toEqual([]);
    expect(scriptOrigins({ formScript: "", adClient: "" })).toEqual([]);
  });

  it("are the form-embed script and the ad script when configured, from their origins", () => {
    const embeds = { formScript: "https://forms.example.com/embed.js", adClient: "ca-pub-123" };
    expect(thirdPartyScripts(embeds)).toEqual([
      "https://forms.example.com/embed.js",
      "https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-123",
    ]);
    expect(scriptOrigins(embeds)).toEqual([
      "https://forms.example.com",
      "https://pagead2.googlesyndication.com",
    ]);
  });

  it("let the CSP name those origins for this site only", () => {
    const configured = contentSecurityPolicy(["sha256-abc"], {
      scripts: scriptOrigins({ formScript: "", adClient: "ca-pub-9" }),
    });
    expect(configured).toMatch(
      /script-src 'self' 'sha256-abc' https:\/\/pagead2\.googlesyndication\.com;/,
    );
    expect(contentSecurityPolicy(["sha256-abc"], { scripts: [] })).toMatch(
      /script-src 'self' 'sha256-abc';/,
    );
    expect(adScriptUrl("a b")).toContain("client=a%20b");
  });
});
