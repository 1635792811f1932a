import type { ServerResponse } from "node:http";
import { translatorFor } from "../../../common/i18n";
import { contentSecurityPolicy, htmlHeaders } from "../headers";
import { noteShed } from "../observe";
import { OVERLOAD_RETRY_AFTER_S } from "../refusals";
import { escapeHtml } from "../../../common/xml";

/** The contact form's fields, in its order, with their labels (app/components/contact-form.tsx). */
const FIELDS = [
  ["name", "forms.name"],
  ["email", "forms.email"],
  ["subject", "forms.subject"],
  ["message", "forms.message"],
] as const;

/** Whether a page's path (its route's, an edition's prefix taken off) is the contact page's. */
export function isContactRoute(route: string): boolean {
  return route.replace(/\/$/, "").toLowerCase() === "/contact";
}

/**
 * The answer to a contact post refused under load (every render place taken, the reader's share
 * or the posts' own allowance full): 503 with Retry-After, and a page the server makes itself
 * (no render: that is what is busy) holding the form again with what the reader wrote and that
 * it was not sent, in the page's language, posting to the same page (`action`, its public path).
 * Everything the reader sent is escaped; the page has no script, and its CSP is the pages' own.
 * The form is the contact island's section (data-contact-form), so that a page with JavaScript
 * puts it in the form's place, as it does the database outage's answer.
 */
export function sendFormAgain(
  res: ServerResponse,
  { body, action, locale }: { body: Buffer; action: string; locale: string },
): void {
  const t = translatorFor(locale);
  const sent = new URLSearchParams(body.toString("utf8"));
  const busy = escapeHtml(t("forms.busyNotSent"));
  const fields = FIELDS.map(([field, label]) => {
    const id = `contact-${field}`;
    const value = escapeHtml(sent.get(field) ?? "");
    const control =
      field === "message"
        ? `<textarea id="${id}" name="${field}" required rows="7" aria-invalid="true" aria-describedby="${id}-error">${value}</textarea>` +
          `<p id="${id}-error">${busy}</p>`
        : `<input id="${id}" name="${field}" type="${field === "email" ? "email" : "text"}" required value="${value}">`;
    return `<div><label for="${id}">${escapeHtml(t(label))}</label><br>${control}</div>`;
  }).join("");
  const html = Buffer.from(
    `<!doctype html><html lang="${escapeHtml(locale)}"><head><meta charset="utf-8">` +
      `<title>${escapeHtml(t("forms.generalInquiries"))}</title>` +
      '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
      // Unstyled: the browser's own colours and fields, in the reader's scheme.
      '<meta name="color-scheme" content="light dark">' +
      `</head><body><section aria-labelledby="general-inquiries" data-contact-form="">` +
      `<h2 id="general-inquiries">${escapeHtml(t("forms.generalInquiries"))}</h2>` +
      `<p role="alert">${busy}</p>` +
      `<form method="post" action="${escapeHtml(action)}" novalidate>${fields}` +
      `<button type="submit" data-sending="${escapeHtml(t("forms.sending"))}">${escapeHtml(t("forms.send"))}</button>` +
      "</form></section></body></html>",
  );
  noteShed(res);
  res.writeHead(503, {
    ...htmlHeaders(),
    "Content-Security-Policy": contentSecurityPolicy(),
    "Retry-After": String(OVERLOAD_RETRY_AFTER_S),
    "Content-Length": String(html.length),
  });
  res.end(html);
}
