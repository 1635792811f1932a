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
  const text: string[] = [`${content.name} – ${content.date}`, ""];
  const html: string[] = [
    `<h1 style="font-size:24px;margin:0 0 4px">${escapeHtml(content.name)}</h1>`,
    `<p style="margin:0 0 16px;color:#57534e">${escapeHtml(content.date)}</p>`,
  ];
  const heading = (words: string) => {
    text.push(words.toUpperCase());
    html.push(
      `<h2 style="font-size:18px;border-top:3px solid #1a1a1a;padding-top:8px;margin:20px 0 8px">${escapeHtml(words)}</h2>`,
    );
  };
  heading(t("briefing.weatherHeading"));
  const line = content.weatherLine ?? t("weather.unavailable");
  text.push(line, content.weatherUrl, "");
  html.push(
    `<p>${escapeHtml(line)} <a href="${escapeHtml(content.weatherUrl)}" style="${LINK}">${escapeHtml(t("briefing.weatherHeading"))} →</a></p>`,
  );
  if (content.alerts.length > 0) {
    heading(t("briefing.alertsHeading"));
    const items = content.alerts.map((alert) => ({
      title: alert.until
        ? t("briefing.alertUntil", { event: alert.event, time: alert.until })
        : alert.event,
      headline: alert.headline,
    }));
    for (const item of items) text.push(`! ${item.title}`, `  ${item.headline}`);
    text.push("");
    html.push(
      `<ul style="padding-left:20px">${items
        .map(
          (i) =>
            `<li style="margin-bottom:6px"><strong style="color:#991b1b">${escapeHtml(i.title)}</strong><br>${escapeHtml(i.headline)}</li>`,
        )
        .join("")}</ul>`,
    );
  }
  heading(t("briefing.topStories"));
  if (content.stories.length === 0) {
    text.push(t("briefing.noStories"), content.siteUrl, "");
    html.push(`<p>${escapeHtml(t("briefing.noStories"))}</p>`);
  }
  for (const story of content.stories) {
    text.push(`* ${story.title} (${story.source})`, `  ${story.url}`);
    if (story.summary) text.push(`  ${story.summary}`);
    text.push("");
    html.push(
      `<div style="margin-bottom:14px"><a href="${escapeHtml(story.url)}" style="${LINK};font-size:17px;font-weight:bold">${escapeHtml(story.title)}</a>` +
        `<div style="font-family:sans-serif;font-size:12px;color:#57534e;text-transform:uppercase">${escapeHtml(story.source)}</div>` +
        (story.summary ? `<div style="font-size:15px">${escapeHtml(story.summary)}</div>` : "") +
        "</div>",
    );
  }
  heading(t("briefing.sectionsHeading", { site: content.name }));
  for (const section of content.sections) text.push(`${section.title}: ${section.url}`);
  text.push("");
  html.push(
    `<p>${content.sections
      .map((s) => `<a href="${escapeHtml(s.url)}" style="${LINK}">${escapeHtml(s.title)}</a>`)
      .join(" · ")}</p>`,
  );
  const why = t("briefing.why", { site: content.name });
  const unsubscribe = t("briefing.unsubscribeLink");
  text.push("--", why, `${unsubscribe}: ${unsubscribeUrl}`);
  html.push(
    `<p style="margin-top:24px;border-top:1px solid #d6d3d1;padding-top:8px;font-size:13px;color:#57534e">${escapeHtml(why)} ` +
      `<a href="${escapeHtml(unsubscribeUrl)}" style="${LINK}">${escapeHtml(unsubscribe)}</a></p>`,
  );
  const mailto = `mailto:${content.contact}?subject=${encodeURIComponent("unsubscribe")}`;
  return {
    ...(content.from ? { from: content.from } : {}),
    to,
    subject,
    text: `${text.join("\n")}\n`,
    html: document(t.language, subject, html.join("")),
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>, <${mailto}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "Auto-Submitted": "auto-generated",
    },
  };
}
