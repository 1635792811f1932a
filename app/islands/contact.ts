import { ready, wholeStylesheet } from "./lib/ready";

/**
 * The contact form without a page load: a post is sent as the form would send it, and the form
 * the server answers with (thanks and an empty form, or each field's error with what was typed,
 * or the message that it was not sent) takes the form's place. The server's answer is the same
 * page a reader without JavaScript gets, so the two cannot differ. The focus goes where the
 * reader's eyes should: the thanks, or the first field in error. If the post cannot be made (no
 * network), the form is sent the plain way. The answer's thanks and errors are markup this page
 * did not have (their boxes and colours are not among its inline rules: decision 006), so the
 * whole stylesheet is loaded while the post is on its way, and they look as they do without
 * JavaScript.
 */
const SECTION = "section[data-contact-form]";
let sending = false;

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.closest(SECTION)) return;
  event.preventDefault();
  if (sending) return;
  sending = true;
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
  const label = button?.textContent ?? "";
  if (button) {
    button.disabled = true;
    // The page's words for it, in its language (the button's data-sending).
    button.textContent = button.dataset.sending ?? label;
  }
  void send(form).finally(() => {
    sending = false;
    if (button?.isConnected) {
      button.disabled = false;
      button.textContent = label;
    }
  });
});

async function send(form: HTMLFormElement): Promise<void> {
  // The fields as the browser would send them (urlencoded: the form has no file field).
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string") body.append(name, value);
  }
  let html: string;
  try {
    const [response] = await Promise.all([
      fetch(form.action, { method: "POST", body, headers: { accept: "text/html" } }),
      wholeStylesheet(),
    ]);
    html = await response.text();
  } catch {
    form.submit();
    return;
  }
  const next = new DOMParser().parseFromString(html, "text/html").querySelector(SECTION);
  const section = form.closest(SECTION);
  if (!next || !section) {
    form.submit();
    return;
  }
  section.replaceWith(document.adoptNode(next));
  const focus =
    next.querySelector<HTMLElement>("[role=status]") ??
    next.querySelector<HTMLElement>("[aria-invalid=true]");
  if (focus) {
    if (!focus.matches("input, textarea")) focus.tabIndex = -1;
    focus.focus();
  }
}

ready("contact");
