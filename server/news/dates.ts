/** Zone names that feeds use and Date.parse does not know, as UTC offsets. */
const ZONES: Record<string, string> = {
  BST: "+0100",
  IST: "+0530",
  CET: "+0100",
  CEST: "+0200",
  EET: "+0200",
  EEST: "+0300",
  MSK: "+0300",
  JST: "+0900",
  KST: "+0900",
  HKT: "+0800",
  SGT: "+0800",
  AEST: "+1000",
  AEDT: "+1100",
  NZST: "+1200",
  NZDT: "+1300",
  AKST: "-0900",
  AKDT: "-0800",
  HST: "-1000",
};

/** Day and month names of other languages seen in real feeds (Portuguese, Spanish, French, German). */
const WORDS: Record<string, string> = {
  seg: "Mon",
  ter: "Tue",
  qua: "Wed",
  qui: "Thu",
  sex: "Fri",
  sáb: "Sat",
  sab: "Sat",
  dom: "Sun",
  fev: "Feb",
  abr: "Apr",
  mai: "May",
  ago: "Aug",
  set: "Sep",
  out: "Oct",
  dez: "Dec",
  ene: "Jan",
  dic: "Dec",
  janv: "Jan",
  févr: "Feb",
  mars: "Mar",
  avr: "Apr",
  juin: "Jun",
  juil: "Jul",
  août: "Aug",
  sept: "Sep",
  oct: "Oct",
  nov: "Nov",
  déc: "Dec",
  mär: "Mar",
  okt: "Oct",
};

const LATEST_PLAUSIBLE_MS = 2 * 24 * 3600 * 1000;

/**
 * Reads a feed date (RFC 822, ISO 8601 and the variants real feeds write) as epoch milliseconds,
 * or null when it cannot be read. A date more than two days in the future is treated as unreadable.
 */
export function parseFeedDate(raw: string | undefined | null, now = Date.now()): number | null {
  const text = raw?.replace(/\s+/g, " ").trim();
  if (!text) return null;
  // Most feeds write RFC 822 or ISO 8601 with a zone Date.parse knows: take those as they are.
  if (/(?:GMT|UTC|Z|[+-]\d\d:?\d\d|\b[ECMP][SD]T)$/.test(text) && !/^\d{4}\//.test(text)) {
    const direct = Date.parse(text);
    if (!Number.isNaN(direct) && /^(?:\d{4}-|(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d)/.test(text)) {
      return direct > now + LATEST_PLAUSIBLE_MS ? null : direct;
    }
  }
  let candidate = text
    .replace(/\b([A-Za-zÀ-ÿ]{3,5})\.?(?=[\s,])/g, (word) => WORDS[word.toLowerCase()] ?? word)
    .replace(/\b([A-Z]{3,4})$/, (zone) => ZONES[zone] ?? zone)
    // 2020/1/10 14:26:00 → 2020-01-10T14:26:00 (a date with no zone is read as UTC)
    .replace(
      /^(\d{4})\/(\d{1,2})\/(\d{1,2})(?:\s+(\d{1,2}:\d{2}(?::\d{2})?))?$/,
      (_m, y, mo, d, t) =>
        `${y}-${mo.padStart(2, "0")}-${d.padStart(2, "0")}T${t ? t.padStart(8, "0") : "00:00:00"}Z`,
    );
  let ms = Date.parse(candidate);
  if (Number.isNaN(ms)) {
    // "Sat, 16 Dec 2023 14:02:33 +0000 (UTC)" and other trailing comments
    candidate = candidate.replace(/\s*\(.*\)$/, "");
    ms = Date.parse(candidate);
  }
  if (Number.isNaN(ms) || ms > now + LATEST_PLAUSIBLE_MS) return null;
  return ms;
}
