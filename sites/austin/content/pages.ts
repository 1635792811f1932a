import type { PagesContent } from "../../content";
import { BOOKS } from "../../network/books";
import { legalContent } from "../../network/legal";
import site from "../site";
import weather from "./weather";

/** Austin's FAQ and careers pages: a small sample. */
export default {
  weather,
  legal: legalContent(site),
  books: BOOKS,
  partners: {
    updated: "2026-09-30",
    documents: [
      { id: "", title: "Media Kit" },
      { id: "", title: "Partnership Overview" },
      { id: "", title: "Community Impact Report" },
    ],
  },
  contact: { updated: "2026-11-01" },
  faq: {
    updated: "2026-10-15",
    items: [
      {
        question: "What is Austin City Wire?",
        answer: "A free local news site for Austin and Travis County.",
      },
      { question: "Do I need an account?", answer: "No. Every page is free and open to everyone." },
      { question: "How do I send a news tip?", answer: "Use the form on our Contact page." },
    ],
  },
  careers: {
    openings: [
      {
        title: "Metro Reporter",
        department: "Newsroom",
        type: "Full-time",
        description: "Cover Austin's city hall and neighborhoods.",
        datePosted: "2026-11-02",
      },
    ],
    benefits: ["Health insurance", "Paid time off"],
    applyEmail: "careers@austincitywire.com",
    internship: "A paid summer internship in the newsroom.",
  },
} satisfies PagesContent;
