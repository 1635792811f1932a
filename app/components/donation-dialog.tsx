import * as Dialog from "@radix-ui/react-dialog";
import { rememberAnswer, type DonationAnswer } from "~/lib/donation-answer";
import { readerStorage } from "~/lib/donation-snooze";
import type { PublicSite } from "~/lib/site";
import type { DonationWords } from "./donation-popup";
import { CloseIcon, HeartHandshakeIcon } from "./icons";

/**
 * The donation prompt: a modal dialog (focus moves in and is trapped, Escape closes, focus
 * returns) that fades in over 100 ms, or at once under prefers-reduced-motion. Loaded only when
 * it is first shown (the donation island), so its code is not part of the first page load.
 */
export default function DonationDialog({
  site,
  open,
  setOpen,
  returnFocus,
}: {
  site: Pick<PublicSite, "donationUrl" | "donationPrompt"> & { words: DonationWords };
  open: boolean;
  setOpen: (open: boolean) => void;
  returnFocus: HTMLElement | null;
}) {
  const { words } = site;
  // How the reader closed it (Donate Now, or X / Maybe Later / Escape / outside) keeps it away
  // for the site's days.
  const close = (answer: DonationAnswer) => {
    rememberAnswer(readerStorage(), answer, Date.now(), site.donationPrompt);
    setOpen(false);
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? setOpen(true) : close("dismissed"))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-[rgb(0_0_0/0.55)] motion-safe:data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-modal="true"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl motion-safe:data-[state=open]:animate-fade-in"
        >
          <HeartHandshakeIcon className="mb-3 text-accent" size={36} />
          <Dialog.Title className="font-serif text-2xl font-bold text-ink">
            {words.title}
          </Dialog.Title>
          <Dialog.Description className="mt-3 text-ink">{words.text}</Dialog.Description>
          <div className="mt-6 flex flex-wrap gap-3">
            <a
              href={site.donationUrl}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => close("donated")}
              className="inline-flex min-h-11 items-center rounded bg-accent px-5 font-semibold text-white hover:bg-accent-dark"
            >
              {words.donateNow}
              <span className="sr-only">{` ${words.newTab}`}</span>
            </a>
            <Dialog.Close className="inline-flex min-h-11 items-center rounded border border-stone-400 px-5 font-semibold text-ink hover:bg-stone-100">
              {words.maybeLater}
            </Dialog.Close>
          </div>
          <Dialog.Close
            className="absolute top-2 right-2 flex h-11 w-11 items-center justify-center rounded text-muted hover:bg-stone-100 hover:text-ink"
            aria-label={words.close}
          >
            <CloseIcon />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
