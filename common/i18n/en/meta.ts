// English interface text (meta), exactly the specification's (docs/product.md): the pages' headings,
// navigation labels and descriptions (app/lib/pages.ts), the footer's column titles, and the
// document titles (app/lib/meta.ts). `{name}` is the publication's name, `{city}` its city.
export const meta = {
  "meta.title.home": "{name}: {city} News, Weather, Sports & Events",
  "meta.title.page": "{heading} | {name}",

  "meta.footer.sections": "Sections",
  "meta.footer.more": "More",
  "meta.footer.legal": "Legal",

  "meta.home.heading": "Top Stories",
  "meta.home.label": "Home",

  "meta.books.heading": "Books",
  "meta.books.label": "Books",
  "meta.books.description":
    "Ebooks on spiritual wisdom and wealth, the Billionaire series and classic-text editions, with an online university of ancient wisdom.",

  "meta.radio.heading": "Live Radio",
  "meta.radio.label": "Radio",
  "meta.radio.description": "Listen to {name} live radio: a 24/7 live stream from {city}.",

  "meta.weather.heading": "Weather",
  "meta.weather.label": "Weather",
  "meta.weather.description":
    "{city} weather: current conditions, alerts, a 7-day forecast, hurricane preparedness and monthly climate history.",

  "meta.contact.heading": "Contact Us",
  "meta.contact.label": "Contact",
  "meta.contact.description":
    "Contact the {name} newsroom: e-mail, phone, office hours and a form for news tips and questions.",

  "meta.privacyPolicy.heading": "Privacy Policy",
  "meta.privacyPolicy.label": "Privacy Policy",
  "meta.privacyPolicy.description": "How {name} handles information about its readers.",

  "meta.termsOfService.heading": "Terms of Service",
  "meta.termsOfService.label": "Terms of Service",
  "meta.termsOfService.description": "The terms for using {name} and its services.",

  "meta.privacy.heading": "Privacy",
  "meta.privacy.label": "Privacy",
  "meta.privacy.description": "A short summary of how {name} handles reader information.",

  "meta.terms.heading": "Terms",
  "meta.terms.label": "Terms",
  "meta.terms.description": "A short summary of the terms for using {name}.",

  "meta.careers.heading": "Careers",
  "meta.careers.label": "Careers",
  "meta.careers.description": "Jobs and internships at {name} in {city}.",

  "meta.partners.heading": "Partners",
  "meta.partners.label": "Partners",
  "meta.partners.description": "The partners of {name}.",

  "meta.faq.heading": "Frequently Asked Questions",
  "meta.faq.label": "FAQ",
  "meta.faq.description": "Answers to common questions about {name}.",

  "meta.about.heading": "About Us",
  "meta.about.label": "About",
  "meta.about.description":
    "Who runs {name}, who owns and funds it, and where the stories on its pages come from.",

  "meta.corrections.heading": "Corrections",
  "meta.corrections.label": "Corrections",
  "meta.corrections.description":
    "What {name} corrects, how to ask for a correction, and the corrections made so far.",

  "meta.search.heading": "Search",
  "meta.search.label": "Search",
  "meta.search.description": "Search the stories of {name}.",
  "meta.socialCard": "Local news, weather, sports, events and live radio for {city}, {state}",
} as const;
