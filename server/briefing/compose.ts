import { translatorFor } from "../../common/i18n";
import type { BriefingContent } from "./content";
import type { OutgoingMail } from "./sender";

export { BRIEFING_PATH, CONFIRM_PATH, UNSUBSCRIBE_PATH, briefingTime } from "../../common/briefing";

import { escapeHtml } from "../../common/xml";

export { escapeHtml };

/** A link of a sign-up's: the edition's base, the path and the token. */
export function tokenLink(siteUrl: string, path: string, token: string): string {
  return `${siteUrl}${path}?token=${encodeURIComponent(token)}`;
}

const FONT = "font-family:Georgia,'Times New Roman',serif;color:#1a1a1a";
const LINK = "color:#b91c1c";

/** A mail's HTML document around `body`, in the edition's language. */
function document(lang: string, title: string, body: string): string {
  return (
    `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)}</title></head>` +
    `<body style="margin:0;padding:16px;background:#fafaf9">` +
    `<div style="max-width:600px;margin:0 auto;background:#fff;padding:20px;${FONT}">` +
    body +
    "</div></body></html>"
  );
}

/** The mail asking a new subscriber to confirm (double opt-in). */
export function confirmationMail(
  edition: Pick<BriefingContent, "locale" | "name" | "siteUrl">,
  to: string,
  confirmUrl: string,
): OutgoingMail {
  const t = translatorFor(edition.locale);
  const subject = t("briefing.confirmSubject", { site: edition.name });
  const body = t("briefing.confirmBody", { site: edition.name });
  const button = t("briefing.confirmButton");
  const ignore = t("briefing.confirmIgnore");
  return {
    to,
    subject,
    text: `${body}\n\n${confirmUrl}\n\n${ignore}\n\n${edition.name} – ${edition.siteUrl}\n`,
    html: document(
      t.language,
      subject,
      `<h1 style="font-size:22px">${escapeHtml(edition.name)}</h1>` +
        `<p>${escapeHtml(body)}</p>` +
        `<p><a href="${escapeHtml(confirmUrl)}" style="display:inline-block;padding:10px 16px;background:#b91c1c;color:#fff;text-decoration:none;font-family:sans-serif;font-weight:bold">${escapeHtml(button)}</a></p>` +
        `<p style="font-size:13px;color:#57534e">${escapeHtml(ignore)}</p>`,
    ),
    headers: { "Auto-Submitted": "auto-generated" },
  };
}

/** A mail's body as it is written, part by part: its plain text's lines and its HTML. */
interface MailBody {
  text: string[];
  html: string[];
}

type Translate = ReturnType<typeof translatorFor>;

/** A part's heading: upper case in the text, a ruled heading in the HTML. */
function heading(body: MailBody, words: string): void {
  body.text.push(words.toUpperCase());
  body.html.push(
    `<h2 style="font-size:18px;border-top:3px solid #1a1a1a;padding-top:8px;margin:20px 0 8px">${escapeHtml(words)}</h2>`,
  );
}

/** The weather line (or that live weather is unavailable) and a link to the weather page. */
function writeWeather(body: MailBody, content: BriefingContent, t: Translate): void {
  heading(body, t("briefing.weatherHeading"));
  const line = content.weatherLine ?? t("weather.unavailable");
  body.text.push(line, content.weatherUrl, "");
  body.html.push(
    `<p>${escapeHtml(line)} <a href="${escapeHtml(content.weatherUrl)}" style="${LINK}">${escapeHtml(t("briefing.weatherHeading"))} →</a></p>`,
  );
}

/** The alerts in force, each with its end when it has one (none: no part). */
function writeAlerts(body: MailBody, content: BriefingContent, t: Translate): void {
  if (content.alerts.length === 0) return;
  heading(body, t("briefing.alertsHeading"));
  const items = content.alerts.map((alert) => ({
    title: alert.until
      ? t("briefing.alertUntil", { event: alert.event, time: alert.until })
      : alert.event,
    headline: alert.headline,
  }));
  for (const item of items) body.text.push(`! ${item.title}`, `  ${item.headline}`);
  body.text.push("");
  body.html.push(
    `<ul style="padding-left:20px">${items
      .map(
        (i) =>
          `<li style="margin-bottom:6px"><strong style="color:#991b1b">${escapeHtml(i.title)}</strong><br>${escapeHtml(i.headline)}</li>`,
      )
      .join("")}</ul>`,
  );
}

/** The top stories, each with its outlet, link and summary (or that there are none). */
function writeStories(body: MailBody, content: BriefingContent, t: Translate): void {
  heading(body, t("briefing.topStories"));
  if (content.stories.length === 0) {
    body.text.push(t("briefing.noStories"), content.siteUrl, "");
    body.html.push(`<p>${escapeHtml(t("briefing.noStories"))}</p>`);
  }
  for (const story of content.stories) {
    body.text.push(`* ${story.title} (${story.source})`, `  ${story.url}`);
    if (story.summary) body.text.push(`  ${story.summary}`);
    body.text.push("");
    body.html.push(
      `<div style="margin-bottom:14px"><a href="${escapeHtml(story.url)}" style="${LINK};font-size:17px;font-weight:bold">${escapeHtml(story.title)}</a>` +
        `<div style="font-family:sans-serif;font-size:12px;color:#57534e;text-transform:uppercase">${escapeHtml(story.source)}</div>` +
        (story.summary ? `<div style="font-size:15px">${escapeHtml(story.summary)}</div>` : "") +
        "</div>",
    );
  }
}

/** Links to the site's sections. */
function writeSections(body: MailBody, content: BriefingContent, t: Translate): void {
  heading(body, t("briefing.sectionsHeading", { site: content.name }));
  for (const section of content.sections) body.text.push(`${section.title}: ${section.url}`);
  body.text.push("");
  body.html.push(
    `<p>${content.sections
      .map((s) => `<a href="${escapeHtml(s.url)}" style="${LINK}">${escapeHtml(s.title)}</a>`)
      .join(" · ")}</p>`,
  );
}

/** Why the reader gets the mail, and the unsubscribe link. */
function writeFooter(body: MailBody, content: BriefingContent, t: Translate, url: string): void {
  const why = t("briefing.why", { site: content.name });
  const unsubscribe = t("briefing.unsubscribeLink");
  body.text.push("--", why, `${unsubscribe}: ${url}`);
  body.html.push(
    `<p style="margin-top:24px;border-top:1px solid #d6d3d1;padding-top:8px;font-size:13px;color:#57534e">${escapeHtml(why)} ` +
      `<a href="${escapeHtml(url)}" style="${LINK}">${escapeHtml(unsubscribe)}</a></p>`,
  );
}

/**
 * The morning briefing of one edition to one subscriber: the weather line and the alerts in
 * force, the top stories each with its outlet and link, links to the sections, the unsubscribe
 * link, as HTML and plain text; its headers name the one-click unsubscribe (RFC 8058: an https
 * URL that takes a POST, and a mailto: to the newsroom).
 */
export function briefingMail(
  content: BriefingContent,
  to: string,
  unsubscribeUrl: string,
): OutgoingMail {
  const t = translatorFor(content.locale);
  const subject = t("briefing.subject", { site: content.name, date: content.date });
  const body: MailBody = {
    text: [`${content.name} – ${content.date}`, ""],
    html: [
      `<h1 style="font-size:24px;margin:0 0 4px">${escapeHtml(content.name)}</h1>`,
      `<p style="margin:0 0 16px;color:#57534e">${escapeHtml(content.date)}</p>`,
    ],
  };
  writeWeather(body, content, t);
  writeAlerts(body, content, t);
  writeStories(body, content, t);
  writeSections(body, content, t);
  writeFooter(body, content, t, unsubscribeUrl);
  const mailto = `mailto:${content.contact}?subject=${encodeURIComponent("unsubscribe")}`;
  return {
    ...(content.from ? { from: content.from } : {}),
    to,
    subject,
    text: `${body.text.join("\n")}\n`,
    html: document(t.language, subject, body.html.join("")),
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>, <${mailto}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "Auto-Submitted": "auto-generated",
    },
  };
}
