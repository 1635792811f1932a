import { translatorFor, type MessageKey } from "../../common/i18n";
import { briefingTime, escapeHtml } from "./compose";
import { EMAIL_FIELD, HONEYPOT_FIELD } from "../../common/briefing";

export { EMAIL_FIELD, HONEYPOT_FIELD };

/** What a page of the briefing's says: its title, its words, and a form if it has one. */
export interface BriefingPage {
  title: MessageKey;
  /** Paragraphs, already in the page's language. */
  lines: string[];
  /** A paragraph said as an error (role=alert). */
  alert?: string;
  /** The sign-up form again (with what was typed), or the confirm or unsubscribe button. */
  form?:
    | { kind: "sign-up"; action: string; email: string; error?: string }
    | { kind: "confirm" | "unsubscribe"; action: string };
}

/** The edition a page is in: its language, the publication's name, its home and brand colour. */
export interface PageEdition {
  locale: string;
  name: string;
  home: string;
}

/**
 * The pages' own style, in the site's two schemes (decision 013): its paper and ink, and under a
 * dark system its dark ground, ink and accent; the header is an ink bar in both, as the site's
 * footer is, with the footer's focus ring (3:1 on ink).
 */
const STYLE = `body{margin:0;font-family:Georgia,'Times New Roman',serif;color:#1a1a1a;background:#fafaf9}
header{background:#1a1a1a;padding:12px 16px}header a{color:#fff;font-weight:bold;font-size:1.25rem;text-decoration:none}
main{max-width:40rem;margin:0 auto;padding:24px 16px}h1{font-size:1.75rem;margin:0 0 12px}
p{line-height:1.5}.alert{border-left:4px solid #b91c1c;background:#fef2f2;padding:8px 12px;color:#7f1d1d;font-weight:bold}
label{display:block;font-weight:bold;margin-top:12px}input[type=email]{box-sizing:border-box;width:100%;max-width:24rem;padding:10px;border:1px solid #78716c;border-radius:4px;font-size:1rem}
button{margin-top:12px;padding:10px 18px;background:#b91c1c;color:#fff;border:0;border-radius:4px;font-size:1rem;font-weight:bold;cursor:pointer}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #b91c1c;outline-offset:2px}
.hp{position:absolute;left:-9999px;width:1px;height:1px;overflow:hidden}a{color:#991b1b}
header a:focus-visible{outline-color:#f87171}
:root{color-scheme:light dark}
@media (prefers-color-scheme:dark){body{color:#ece8e1;background:#151412}
.alert{border-color:#f28b82;background:#3b1512;color:#fecaca}
input[type=email]{border-color:#a6a09b;background:#1f1d1a;color:#ece8e1}
button{background:#f28b82;color:#1a1a1a}a{color:#f7b4ae}
button:focus-visible,input:focus-visible,a:focus-visible{outline-color:#f28b82}}`;

/**
 * A page of the briefing's, made by the server itself (like the contact form's page under load,
 * server/http/pages/form-again.ts): no script, everything the reader sent escaped, in the
 * edition's language.
 */
export function briefingPage(edition: PageEdition, page: BriefingPage): string {
  const t = translatorFor(edition.locale);
  const title = t(page.title);
  const parts: string[] = [];
  if (page.alert) parts.push(`<p class="alert" role="alert">${escapeHtml(page.alert)}</p>`);
  for (const line of page.lines) parts.push(`<p>${escapeHtml(line)}</p>`);
  const form = page.form;
  if (form?.kind === "sign-up") {
    const error = form.error
      ? `<p id="briefing-email-error" class="alert" role="alert">${escapeHtml(form.error)}</p>`
      : "";
    parts.push(
      `<form method="post" action="${escapeHtml(form.action)}" novalidate>` +
        `<label for="briefing-email">${escapeHtml(t("briefing.email"))}</label>` +
        `<input id="briefing-email" name="${EMAIL_FIELD}" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(form.email)}"` +
        (form.error ? ' aria-invalid="true" aria-describedby="briefing-email-error"' : "") +
        `>${error}` +
        `<div class="hp" aria-hidden="true"><label for="briefing-website">${escapeHtml(t("forms.website"))}</label>` +
        `<input id="briefing-website" name="${HONEYPOT_FIELD}" type="text" tabindex="-1" autocomplete="off"></div>` +
        `<button type="submit">${escapeHtml(t("briefing.signUp"))}</button></form>`,
    );
  } else if (form) {
    const button =
      form.kind === "confirm" ? "briefing.confirmButton" : "briefing.unsubscribeButton";
    parts.push(
      `<form method="post" action="${escapeHtml(form.action)}">` +
        `<button type="submit">${escapeHtml(t(button))}</button></form>`,
    );
  }
  parts.push(
    `<p><a href="${escapeHtml(edition.home)}">${escapeHtml(t("briefing.backHome", { site: edition.name }))}</a></p>`,
  );
  return (
    `<!doctype html><html lang="${escapeHtml(t.language)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(`${title} | ${edition.name}`)}</title>` +
    `<style>${STYLE}</style></head><body>` +
    `<header><a href="${escapeHtml(edition.home)}">${escapeHtml(edition.name)}</a></header>` +
    `<main><h1>${escapeHtml(title)}</h1>${parts.join("")}</main></body></html>`
  );
}

/** The words of the sign-up page (its pitch, and how the address is kept). */
export function pitchLines(edition: PageEdition, hour: number, open: boolean): string[] {
  const t = translatorFor(edition.locale);
  return [
    t("briefing.pitch", { site: edition.name, time: briefingTime(hour, edition.locale) }),
    open ? t("briefing.kept") : t("briefing.closed"),
  ];
}
