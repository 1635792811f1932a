// English interface text (push messages): what a warning pushed to a reader's device says
// (server/push/message.ts): the body after the warning's name, an all-clear, the daily test.
export const pushMessage = {
  "pushMessage.body": "{area} until {until}. {todo}",
  "pushMessage.bodyNoEnd": "{area} until further notice. {todo}",
  "pushMessage.allClearTitle": "Cancelled: {event}",
  "pushMessage.allClearBody": "The National Weather Service has cancelled the {event} for {area}.",
  "pushMessage.testTitle": "Warnings test",
  "pushMessage.testBody": "The daily test of {site}'s weather warnings: they reach this device.",
} as const;
