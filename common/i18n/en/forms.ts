// English interface text (forms), exactly the specification's (docs/product.md).
export const forms = {
  "forms.standfirst":
    "News tips, questions and corrections: the {name} newsroom reads every message.",
  "forms.leadHeading": "Advertise or Partner With Us",
  "forms.leadTitle": "Advertising and partnership inquiry form",
  "forms.leadPlaceholder": "The advertising inquiry form will appear here.",
  "forms.generalInquiries": "General Inquiries",
  "forms.thankYou": "Thank you for your message! We'll get back to you soon.",
  "forms.name": "Name",
  "forms.email": "Email",
  "forms.subject": "Subject",
  "forms.message": "Message",
  "forms.website": "Website",
  "forms.send": "Send Message",
  "forms.sending": "Sending...",
  "forms.nameRequired": "Please enter your name.",
  "forms.nameTooLong": {
    one: "Please keep your name under {count} character.",
    other: "Please keep your name under {count} characters.",
  },
  "forms.emailRequired": "Please enter your e-mail address.",
  "forms.emailTooLong": "Please enter a shorter e-mail address.",
  "forms.emailInvalid": "Please enter a valid e-mail address.",
  "forms.subjectRequired": "Please enter a subject.",
  "forms.subjectTooLong": {
    one: "Please keep the subject under {count} character.",
    other: "Please keep the subject under {count} characters.",
  },
  "forms.messageRequired": "Please enter your message.",
  "forms.messageTooLong": {
    one: "Please keep your message under {count} character.",
    other: "Please keep your message under {count} characters.",
  },
  "forms.rateLimited": "You have sent {sent} in {window}. Please try again in {wait}.",
  "forms.messagesSent": { one: "{count} message", other: "{count} messages" },
  "forms.lastMinutes": { one: "the last minute", other: "the last {count} minutes" },
  "forms.retryMinutes": { one: "a minute", other: "{count} minutes" },
  "forms.notSent":
    "Your message was NOT sent: we cannot receive messages just now. Please try again in a few minutes; what you wrote is still here.",
  "forms.busyNotSent":
    "We could not send your message just now because the site is very busy. Your message is below: please send it again in a minute.",
  "forms.contactDetails": "Contact Details",
  "forms.phone": "Phone",
  "forms.address": "Address",
  "forms.officeHours": "Office hours",
  "forms.openInMap": "Open in a map",
} as const;
