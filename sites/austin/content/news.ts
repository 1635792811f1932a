import type { NewsContent } from "../../content";

/** Austin's static news-page content: a small sample. */
export default {
  featuredStory: {
    title: "Austin Opens a New Stretch of the Butler Hike-and-Bike Trail",
    summary:
      "The city's most-loved trail around Lady Bird Lake gains a new boardwalk section and lighting.",
    image: "/images/default-news.svg",
    category: "Local",
    url: "https://www.austintexas.gov/",
  },
  featuredVideo: { title: "Featured Video", poster: "/images/video-poster.svg" },
  resources: {
    local: {
      title: "Local Resources",
      links: [{ title: "Austin 311", url: "https://www.austintexas.gov/311" }],
    },
  },
  sports: {
    interview: {
      title: "On the Pitch with Austin's Youth Soccer Coaches",
      name: "Coach Sam Ortiz",
      role: "Youth soccer coach",
      quote: "Every Saturday morning, the whole city shows up.",
      body: "Ortiz talks about growing the game in Austin's neighborhoods.",
    },
    highlights: [
      { title: "Weekend Highlights", description: "The best plays from Austin's weekend games." },
      { title: "Longhorns Recap", description: "What happened on the Forty Acres." },
      { title: "Game of the Week", description: "Our pick of the week's must-see matchup." },
    ],
    upcomingGames: [
      {
        sport: "Soccer",
        home: "Austin FC",
        away: "Houston Dynamo FC",
        startsAt: "2027-03-13T19:30:00-06:00",
        venue: "Q2 Stadium",
      },
      {
        sport: "Football",
        home: "Texas Longhorns",
        away: "Texas A&M Aggies",
        startsAt: "2026-11-28T18:30:00-06:00",
        venue: "Darrell K Royal Stadium",
      },
      {
        sport: "Baseball",
        home: "Round Rock Express",
        away: "Sugar Land Space Cowboys",
        startsAt: "2027-04-06T19:05:00-05:00",
        venue: "Dell Diamond",
      },
      {
        sport: "Basketball",
        home: "Texas Longhorns",
        away: "Baylor Bears",
        startsAt: "2027-01-20T20:00:00-06:00",
        venue: "Moody Center",
      },
    ],
  },
  culturalCalendar: [
    {
      title: "Blues on the Green",
      date: "2027-05-05",
      venue: "Zilker Park",
      description: "Free outdoor concerts.",
    },
    {
      title: "East Austin Studio Tour",
      date: "2026-11-28",
      venue: "East Austin",
      description: "Artists open their studios.",
    },
    {
      title: "SXSW",
      date: "2027-03-12",
      venue: "Downtown Austin",
      description: "Music, film and interactive festival.",
    },
  ],
  opinion: {
    submitEmail: "opinion@austincitywire.com",
    standards: ["Opinion is labelled and kept apart from news."],
  },
  events: {
    submitEmail: "events@austincitywire.com",
    kinds: [
      { title: "Community Events", description: "Neighborhood gatherings." },
      { title: "Cultural Activities", description: "Music, art and theater." },
      { title: "Business Gatherings", description: "Networking and workshops." },
    ],
  },
} satisfies NewsContent;
