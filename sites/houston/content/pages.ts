import type { PagesContent } from "../../content";
import { BOOKS } from "../../network/books";
import { legalContent } from "../../network/legal";
import site from "../site";
import weather from "./weather";

/** Houston's FAQ and careers pages. */
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
        question: "What is Houston City Wire?",
        answer:
          "A free local news site for Houston and Harris County: local, national and world headlines, weather, events, live radio and community resources in one place.",
      },
      {
        question: "Do I need an account to read the news?",
        answer:
          "No. Every page is free and open to everyone; there are no accounts, sign-ins or paywalls.",
      },
      {
        question: "Where do your stories come from?",
        answer:
          "Our pages gather headlines from trusted newsrooms' public feeds and link to the full story on the publisher's site, alongside our own local features.",
      },
      {
        question: "How often is the news updated?",
        answer:
          "Our system checks every source about every ten minutes, around the clock, so new stories appear shortly after they are published.",
      },
      {
        question: "How do I send a news tip?",
        answer:
          "Use the form on our Contact page or e-mail the newsroom. Tell us what happened, where and when, and how we can reach you.",
      },
      {
        question: "Can I stay anonymous when I send a tip?",
        answer:
          "Yes. You may leave out your name, though a way to reach you helps us check the facts. We never publish a tipster's details without consent.",
      },
      {
        question: "How do I report an error in a story?",
        answer:
          "E-mail the newsroom with a link to the story and what is wrong. We review every correction request and note corrections on our own stories.",
      },
      {
        question: "How do I submit an op-ed or a letter to the editor?",
        answer:
          "See the Opinion & Editorial page: op-eds run 600-800 words and letters 200-300 words. Include your full name and neighborhood.",
      },
      {
        question: "How do I get my event listed?",
        answer:
          "Send the name, date, time, place and a short description to our events desk; the Local Events page explains what we list.",
      },
      {
        question: "Where can I listen to the radio stream?",
        answer:
          "On our Live Radio page. Press play to start the 24/7 stream; some browsers need a click before they play sound.",
      },
      {
        question: "Is the weather page live?",
        answer:
          "The weather page gives current conditions, alerts, a 7-day outlook and hurricane-season advice. For emergencies, always follow the National Weather Service and local officials.",
      },
      {
        question: "How can I advertise with you?",
        answer:
          "Use the advertising inquiry form on our Contact page, or call the office during business hours.",
      },
      {
        question: "Do you use cookies or track readers?",
        answer:
          "We do not use accounts or advertising trackers of our own. Embedded partners, such as video players and ad networks, may set their own cookies; see our Privacy Policy.",
      },
      {
        question: "How do I support local journalism?",
        answer:
          "Read and share our stories, send us tips, and consider a gift to our partner charity through the Donate button.",
      },
      {
        question: "Are you hiring?",
        answer: "See our Careers page for current openings, benefits and our internship program.",
      },
    ],
  },
  careers: {
    openings: [
      {
        title: "Metro Reporter",
        department: "Newsroom",
        type: "Full-time",
        description:
          "Cover city hall, neighborhoods and public safety across Houston, with an eye for stories readers can act on.",
        datePosted: "2026-11-02",
      },
      {
        title: "Weather and Climate Reporter",
        department: "Newsroom",
        type: "Full-time",
        description:
          "Explain Gulf Coast weather, flooding and hurricane season in plain language, before and during storms.",
        datePosted: "2026-10-20",
      },
      {
        title: "Audience Editor",
        department: "Digital",
        type: "Full-time",
        description:
          "Shape our home page and newsletters, and learn what Houston readers need from us.",
        datePosted: "2026-10-28",
      },
      {
        title: "Radio Producer",
        department: "Audio",
        type: "Part-time",
        description:
          "Produce segments and schedules for our 24/7 live stream, from community voices to breaking news.",
        datePosted: "2026-11-09",
      },
      {
        title: "Web Developer",
        department: "Product",
        type: "Full-time",
        description: "Build a fast, accessible news site used by thousands of readers every day.",
        datePosted: "2026-11-12",
      },
      {
        title: "Advertising Account Executive",
        department: "Sales",
        type: "Full-time",
        description:
          "Help Houston businesses reach local readers with honest, well-labelled advertising.",
        datePosted: "2026-10-15",
      },
    ],
    benefits: [
      "Medical, dental and vision insurance",
      "401(k) with a company match",
      "Paid time off and paid holidays",
      "Paid parental leave",
      "Hybrid work and flexible hours",
      "Training and conference budget",
      "Transit pass or parking allowance",
      "Wellness program and mental health support",
    ],
    applyEmail: "careers@houstoncitywire.com",
    internship:
      "Our paid summer internship places students and recent graduates in the newsroom, audio and product teams for ten weeks, with a mentor and published work. Applications open each January.",
  },
} satisfies PagesContent;
