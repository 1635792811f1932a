import type { LegalContent } from "../content";
import type { SiteConfig } from "../schema";

/**
 * The legal pages every publication of the network shares (the full policy and terms, numbered,
 * and their short versions), with the publication's own name, city and contacts.
 */
export function legalContent(
  site: Pick<SiteConfig, "name" | "city" | "state" | "contact">,
): LegalContent {
  const { name } = site;
  const { email, address } = site.contact;
  return {
    updated: "2026-11-01",
    privacyPolicy: [
      {
        title: "Who we are",
        paragraphs: [
          `${name} is a local news website for ${site.city}, ${site.state}, published at ${address}. This policy explains what information we handle when you read the site, listen to our radio stream or write to us, and the choices you have.`,
        ],
      },
      {
        title: "Reading the site",
        paragraphs: [
          "You do not need an account to read anything here, and we do not ask for your name to do so.",
          "Like every web server, ours receives your IP address, browser type and the page requested. We keep these server logs for up to 30 days to keep the site running and secure, and we do not use them to build profiles of readers.",
        ],
      },
      {
        title: "Messages you send us",
        paragraphs: [
          "When you use the contact form we store your name, e-mail address, subject and message so the newsroom can read and answer it. We also keep a one-way hash of your IP address for ten minutes' worth of messages to stop abuse; the address itself is not stored with your message.",
          "We keep messages for as long as needed to answer them and to keep a record of corrections and tips, and for no more than three years. We never sell them or share them outside the newsroom, except when the law requires it.",
        ],
      },
      {
        title: "Third-party content and advertising",
        paragraphs: [
          "Some pages include content from other companies: videos, maps, forms, document previews, event listings and advertisements. These load from the other company's servers, which receive your IP address and may set their own cookies under their own privacy policies. Videos load only after you press play.",
          "Story pictures are loaded from the publishers of those stories without telling them which page you were reading.",
        ],
      },
      {
        title: "Cookies",
        paragraphs: [
          `${name} itself sets no tracking or advertising cookies. Your browser may keep ordinary cached copies of pages and images to load them faster.`,
        ],
      },
      {
        title: "Your choices and rights",
        paragraphs: [
          `You may ask us what we hold about you, and ask us to correct or delete a message you sent, by writing to ${email}. You can block third-party cookies in your browser settings without losing access to our news.`,
        ],
      },
      {
        title: "Children",
        paragraphs: [
          "The site is meant for a general audience. We do not knowingly collect information from children under 13.",
        ],
      },
      {
        title: "Changes and contact",
        paragraphs: [
          `We will post any change to this policy on this page with a new date. Questions: ${email}.`,
        ],
      },
    ],
    termsOfService: [
      {
        title: "Accepting these terms",
        paragraphs: [
          `By using ${name} you agree to these terms. If you do not agree, please do not use the site.`,
        ],
      },
      {
        title: "Our content",
        paragraphs: [
          `Stories written by ${name} are protected by copyright. You may share links and short quotations with credit; please ask before republishing a whole story.`,
          "Headlines and summaries from other publishers link to their own sites and remain theirs. We are not responsible for the content of sites we link to.",
        ],
      },
      {
        title: "Accuracy",
        paragraphs: [
          "We work to be accurate and correct our own errors promptly. News changes quickly, and content from other publishers is shown as they provide it, so the site is offered as is, without warranty.",
          "Weather information is for general guidance; in an emergency follow the National Weather Service and local officials.",
        ],
      },
      {
        title: "Your messages and submissions",
        paragraphs: [
          "When you send us a tip, letter, op-ed or event, you confirm it is yours to send and that it is truthful, and you allow us to edit and publish it. We may decline to publish anything.",
        ],
      },
      {
        title: "Acceptable use",
        paragraphs: [
          "Do not attempt to disrupt the site, bypass its security, send spam through our forms, or copy the site in bulk by automated means.",
        ],
      },
      {
        title: "Advertising and partners",
        paragraphs: [
          "Advertisements and sponsored blocks are labelled as such. Products and services offered by advertisers and partners are their responsibility.",
        ],
      },
      {
        title: "Liability",
        paragraphs: [
          `To the extent the law allows, ${name} is not liable for indirect or consequential damages arising from the use of the site.`,
        ],
      },
      {
        title: "Governing law and changes",
        paragraphs: [
          `These terms are governed by the laws of the State of ${site.state}. We may update them and will post the new version here. Questions: ${email}.`,
        ],
      },
    ],
    privacy: [
      `${name} does not require an account and sets no tracking cookies of its own.`,
      "Our servers keep ordinary request logs for up to 30 days to run the site securely.",
      "Messages you send through the contact form are stored so the newsroom can answer them, and are never sold.",
      "Videos, maps, forms and ads from other companies follow their own privacy policies; videos load only after you press play.",
      `Write to ${email} to see, correct or delete a message you sent. The full Privacy Policy has the details.`,
    ],
    terms: [
      `Our own stories belong to ${name}: share links and short quotes with credit.`,
      "Headlines from other publishers link to their sites and remain theirs.",
      "We correct our errors promptly, but the site is offered as is.",
      "Please don't misuse the forms or copy the site by automated means.",
      "The full Terms of Service have the details.",
    ],
  };
}
