// English interface text (pages), exactly the specification's (docs/product.md).
export const pages = {
  "pages.faqStandfirst": "Answers to the questions readers ask {name} most.",
  "pages.stillQuestion": "Still have a question?",
  "pages.contactUs": "Contact Us",
  "pages.emailNewsroom": "Email Newsroom",
  "pages.careersStandfirst": "Help {city} understand itself. Join the {name} team.",
  "pages.openPositions": "Open Positions",
  "pages.benefits": "Benefits",
  "pages.howToApply": "How to Apply",
  "pages.applyBy":
    "E-mail your résumé, a short cover letter and links to your work to {email}, with the position in the subject line.",
  "pages.internship": "Internship Program",
  "pages.lastUpdated": "Last updated {date}",
  "pages.readFull": "Read the full {heading}",
  "pages.partnersStandfirst": "Working with {name}: what we offer partners and advertisers.",
  "pages.documentSoon": "{title}: document coming soon.",
  "pages.askUs": "Ask us for it: {email}",
  "pages.ourPartners": "Our Partners",
  "pages.booksList": "Books",
  "pages.advertisement": "Advertisement",
  "pages.universityHeading": "Transform Your Life with Ancient Wisdom",
  "pages.universityText":
    "Study the timeless teachings of the great spiritual traditions at an online university of ancient wisdom.",
  "pages.applyAdmission": "Apply for Admission",
  "pages.learnMore": "Learn More",
  "pages.universityPoints": "Accredited Programs · Expert Instructors · Rich Curriculum",
  "pages.viewAllBooks": "View All Books",
  "pages.newTab": "opens in a new tab",
  "pages.viewOnAmazonLabel": "View on Amazon: {title} (opens in a new tab)",
  "pages.viewOnAmazon": "View on Amazon",

  // Who we are (issue 53): the About page, its masthead, the corrections page.
  "pages.aboutSources": "Where our stories come from",
  "pages.aboutSourcesCount": {
    one: "Our pages list stories from {count} outlet, read from its public feeds:",
    other: "Our pages list stories from {count} outlets, read from their public feeds:",
  },
  "pages.masthead": "Masthead",
  "pages.mastheadStandfirst": "Who runs {name}:",
  "pages.correctionsStandfirst": "What {name} corrects, how to ask, and what we have corrected.",
  "pages.correctionsWhat": "What we correct",
  "pages.correctionsAsk": "How to ask for a correction",
  "pages.correctionsAskText":
    "Write to us from our {contact} with “Correction” as the subject, the link to the page or the story, and what is wrong. The newsroom reads every message.",
  "pages.correctionsContact": "Contact page",
  "pages.correctionsList": "Corrections made",
  "pages.correctionsNone":
    "None so far: each correction we make will be listed here with its date.",
  "pages.seeAlso": "See: {page}",
} as const;
