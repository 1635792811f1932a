// English interface text (the morning briefing by e-mail): the sign-up form (app/components/
// briefing-signup.tsx), the pages its links lead to and the mails themselves (server/briefing/).
export const briefing = {
  "briefing.heading": "The morning briefing",
  "briefing.pitch":
    "The weather, alerts in force and the day's top stories from {site}, by e-mail every morning at {time}.",
  "briefing.email": "Your e-mail address",
  "briefing.signUp": "Sign up",
  "briefing.closed": "Sign-ups for the morning briefing are closed for now.",
  "briefing.kept":
    "We keep your address only while you are subscribed; every mail has a one-click unsubscribe.",
  "briefing.checkInboxTitle": "Check your inbox",
  "briefing.checkInbox":
    "If {email} is not subscribed yet, we have sent it a link to confirm. Nothing more is sent until you press it.",
  "briefing.notSentTitle": "Not signed up",
  "briefing.tooMany": "Too many sign-ups from your network today. Please try again tomorrow.",
  "briefing.unavailable": "Sign-ups are not working just now. Please try again in a few minutes.",
  "briefing.confirmTitle": "Confirm your morning briefing",
  "briefing.confirmAsk":
    "Press the button to start the morning briefing from {site}: it arrives every morning at {time}.",
  "briefing.confirmedTitle": "You are subscribed",
  "briefing.confirmed": "Your morning briefing from {site} arrives every morning at {time}.",
  "briefing.expiredTitle": "This link has expired",
  "briefing.expired": "This confirmation link is no longer valid. Sign up again to get a new one.",
  "briefing.unsubscribeTitle": "Unsubscribe from the morning briefing",
  "briefing.unsubscribeAsk":
    "Press the button to stop the morning briefing and delete your address.",
  "briefing.unsubscribeButton": "Unsubscribe",
  "briefing.unsubscribedTitle": "You are unsubscribed",
  "briefing.unsubscribed": "You will get no more briefings, and your address has been deleted.",
  "briefing.unknownLink": "This link is no longer valid: the address is not subscribed.",
  "briefing.backHome": "Back to {site}",
  "briefing.confirmSubject": "Confirm your {site} morning briefing",
  "briefing.confirmBody":
    "Someone, we hope you, asked for the {site} morning briefing at this address. To start it, confirm here:",
  "briefing.confirmButton": "Confirm my subscription",
  "briefing.confirmIgnore":
    "If it was not you, ignore this mail: the address is forgotten within 48 hours.",
  "briefing.subject": "{site} morning briefing: {date}",
  "briefing.weatherHeading": "Weather",
  "briefing.alertsHeading": "Alerts in force",
  "briefing.alertUntil": "{event} until {time}",
  "briefing.topStories": "Top stories",
  "briefing.noStories": "No stories yet this morning: the site has the latest.",
  "briefing.sectionsHeading": "More from {site}",
  "briefing.why": "You get this mail because you signed up for it at {site}.",
  "briefing.unsubscribeLink": "Unsubscribe",
} as const;
