import type { Book, BooksContent } from "../content";

const STORE = "https://www.amazon.com";
const search = (title: string) => `${STORE}/s?k=${encodeURIComponent(title)}&i=digital-text`;

/** The "Billionaire …" series of spiritual and wealth ebooks. */
const SERIES = [
  "Billionaire Buddha",
  "Billionaire Mindset",
  "Billionaire Meditation",
  "Billionaire Karma",
  "Billionaire Dharma",
  "Billionaire Zen",
  "Billionaire Wisdom",
  "Billionaire Gratitude",
  "Billionaire Abundance",
  "Billionaire Compassion",
  "Billionaire Mindfulness",
  "Billionaire Enlightenment",
  "Billionaire Prosperity",
  "Billionaire Habits",
  "Billionaire Discipline",
  "Billionaire Focus",
  "Billionaire Generosity",
  "Billionaire Patience",
  "Billionaire Purpose",
  "Billionaire Leadership",
  "Billionaire Breath",
  "Billionaire Silence",
  "Billionaire Faith",
  "Billionaire Courage",
  "Billionaire Clarity",
  "Billionaire Harmony",
  "Billionaire Balance",
  "Billionaire Vision",
  "Billionaire Kindness",
  "Billionaire Detachment",
  "Billionaire Intuition",
  "Billionaire Serenity",
  "Billionaire Legacy",
  "Billionaire Stillness",
  "Billionaire Devotion",
  "Billionaire Sutras",
  "Billionaire Mantras",
  "Billionaire Teachings",
  "Billionaire Awakening",
  "Billionaire Peace",
].map((title): Book => ({
  title: `${title}: Ancient Wisdom for Modern Wealth`,
  cover: "",
  url: search(title),
  // The series is published under the author's pen name, the name of its store page.
  author: "Billionaire Buddha",
}));

/** Editions of classic texts (covers from Open Library; a missing one falls back to the placeholder). */
const CLASSICS: Book[] = [
  { title: "Tao Te Ching", author: "Lao Tzu", isbn: "9780140441314" },
  { title: "The Bhagavad Gita", author: "Vyasa", isbn: "9780140449181" },
  { title: "The Dhammapada", author: "The Buddha", isbn: "9780140449419" },
  { title: "Meditations", author: "Marcus Aurelius", isbn: "9780812968255" },
  { title: "The Art of War", author: "Sun Tzu", isbn: "9781590302255" },
].map(({ title, author, isbn }) => ({
  title,
  author,
  cover: `https://covers.openlibrary.org/b/isbn/${isbn}-M.jpg?default=false`,
  url: search(title),
}));

/** The author's books, promoted by every publication of the network. */
export const BOOKS = {
  updated: "2026-11-10",
  universityUrl: "https://www.buddhatv.org/university",
  storeUrl: search("Billionaire Buddha"),
  books: [...SERIES, ...CLASSICS],
} satisfies BooksContent;
