import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { translatorFor } from "../../common/i18n";
import { withParts } from "./message-parts";

const html = (text: string, parts: Parameters<typeof withParts>[1]) =>
  renderToStaticMarkup(<p>{withParts(text, parts)}</p>);

describe("withParts: elements in a message's placeholders", () => {
  it("puts each part where the language's text places it", () => {
    const time = <time dateTime="2026-11-25T17:48:00Z">11:48 AM</time>;
    const station = <bdi>KHOU</bdi>;
    const en = translatorFor("en-US")("weather.updatedAt", { ago: "12 minutes ago" });
    const es = translatorFor("es-US")("weather.updatedAt", { ago: "hace 12 minutos" });
    expect(html(en, { time, station })).toBe(
      '<p>Updated 12 minutes ago (<time dateTime="2026-11-25T17:48:00Z">11:48 AM</time>) at <bdi>KHOU</bdi></p>',
    );
    expect(html(es, { time, station })).toBe(
      '<p>Actualizado hace 12 minutos (<time dateTime="2026-11-25T17:48:00Z">11:48 AM</time>) en <bdi>KHOU</bdi></p>',
    );
  });

  it("leaves a placeholder without a part as written, and no empty text around parts", () => {
    expect(html("{a} and {b}", { a: <b>A</b> })).toBe("<p><b>A</b> and {b}</p>");
    expect(withParts("{a}", { a: "x" })).toHaveLength(1);
  });
});
