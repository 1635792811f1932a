import type { NewsContent } from "../../content";

/** Houston's static news-page content (SPEC.md §2: home, sports, arts, opinion, events). */
export default {
  featuredStory: {
    title: "Houston's Bayou Greenways Reach Every Corner of the City",
    summary:
      "More than 150 miles of connected trails and parks now follow Houston's bayous, linking neighborhoods from Acres Homes to the East End and giving residents room to walk, ride and paddle close to home.",
    image: "/images/default-news.svg",
    category: "Local",
    url: "https://www.houstonparksboard.org/bayou-greenways",
  },
  featuredVideo: { title: "Featured Video", poster: "/images/video-poster.svg" },
  resources: {
    local: {
      title: "Local Resources",
      links: [
        { title: "Houston 311 Help & Info", url: "https://www.houstontx.gov/311/" },
        { title: "Houston Police Department", url: "https://www.houstontx.gov/police/" },
        { title: "Harris County Flood Control District", url: "https://www.hcfcd.org/" },
        { title: "Houston Independent School District", url: "https://www.houstonisd.org/" },
      ],
    },
    national: {
      title: "National Resources",
      links: [
        { title: "USA.gov", url: "https://www.usa.gov/" },
        { title: "Congress.gov", url: "https://www.congress.gov/" },
        { title: "U.S. Census Bureau", url: "https://www.census.gov/" },
      ],
    },
    world: {
      title: "World Resources",
      links: [
        { title: "UN News", url: "https://news.un.org/" },
        { title: "U.S. Travel Advisories", url: "https://travel.state.gov/" },
        { title: "Houston Consular Corps", url: "https://www.houstonconsularcorps.com/" },
      ],
    },
    politics: {
      title: "Government Resources",
      links: [
        { title: "Texas Legislature Online", url: "https://capitol.texas.gov/" },
        { title: "Harris County Elections", url: "https://www.harrisvotes.com/" },
        { title: "Houston City Council", url: "https://www.houstontx.gov/council/" },
      ],
    },
    business: {
      title: "Business Resources",
      links: [
        { title: "Greater Houston Partnership", url: "https://www.houston.org/" },
        { title: "Port Houston", url: "https://porthouston.com/" },
        { title: "Texas Workforce Commission", url: "https://www.twc.texas.gov/" },
      ],
    },
    technology: {
      title: "Technology Resources",
      links: [
        { title: "The Ion Houston", url: "https://iondistrict.com/" },
        { title: "NASA Johnson Space Center", url: "https://www.nasa.gov/johnson/" },
        { title: "Houston Public Library Digital Resources", url: "https://houstonlibrary.org/" },
      ],
    },
    automotive: {
      title: "Auto & Energy Resources",
      links: [
        { title: "Texas Department of Motor Vehicles", url: "https://www.txdmv.gov/" },
        { title: "ERCOT Grid Conditions", url: "https://www.ercot.com/" },
        { title: "CenterPoint Energy Outage Tracker", url: "https://www.centerpointenergy.com/" },
      ],
    },
    realestate: {
      title: "Housing Resources",
      links: [
        { title: "Houston Association of Realtors", url: "https://www.har.com/" },
        { title: "Harris Central Appraisal District", url: "https://hcad.org/" },
        { title: "Houston Housing Authority", url: "https://www.housingforhouston.com/" },
      ],
    },
    health: {
      title: "Health Resources",
      links: [
        { title: "Houston Health Department", url: "https://www.houstonhealth.org/" },
        { title: "Texas Medical Center", url: "https://www.tmc.edu/" },
        { title: "Harris Health System", url: "https://www.harrishealth.org/" },
      ],
    },
    food: {
      title: "Food Resources",
      links: [
        { title: "Houston Restaurant Weeks", url: "https://www.houstonrestaurantweeks.com/" },
        { title: "Urban Harvest Farmers Market", url: "https://www.urbanharvest.org/" },
        { title: "Houston Food Bank", url: "https://www.houstonfoodbank.org/" },
      ],
    },
    lifestyle: {
      title: "Lifestyle Resources",
      links: [
        { title: "Houston Parks and Recreation", url: "https://www.houstontx.gov/parks/" },
        { title: "Discovery Green", url: "https://www.discoverygreen.com/" },
        { title: "Visit Houston", url: "https://www.visithoustontexas.com/" },
      ],
    },
    sports: {
      title: "Houston Teams",
      links: [
        { title: "Houston Astros", url: "https://www.mlb.com/astros" },
        { title: "Houston Texans", url: "https://www.houstontexans.com/" },
        { title: "Houston Rockets", url: "https://www.nba.com/rockets" },
        { title: "Houston Dynamo FC", url: "https://www.houstondynamofc.com/" },
      ],
    },
    arts: {
      title: "Arts Resources",
      links: [
        { title: "Museum of Fine Arts, Houston", url: "https://www.mfah.org/" },
        { title: "Houston Theater District", url: "https://www.houstontheaterdistrict.org/" },
        { title: "Houston Symphony", url: "https://houstonsymphony.org/" },
      ],
    },
    opinion: {
      title: "Civic Resources",
      links: [
        { title: "League of Women Voters Houston", url: "https://www.lwvhouston.org/" },
        {
          title: "Houston City Council Agendas",
          url: "https://www.houstontx.gov/citysec/agenda.html",
        },
      ],
    },
    archives: {
      title: "Archive Resources",
      links: [
        {
          title: "Houston Metropolitan Research Center",
          url: "https://houstonlibrary.org/research/hmrc",
        },
        { title: "Texas State Library and Archives", url: "https://www.tsl.texas.gov/" },
        { title: "Portal to Texas History", url: "https://texashistory.unt.edu/" },
      ],
    },
  },
  sports: {
    interview: {
      title: "In the Dugout: A Conversation on Building a Winner",
      name: "Coach Maria Delgado",
      role: "Head baseball coach, Westbury High School",
      quote: "Houston kids grow up with humidity and big dreams. We teach them to handle both.",
      body: "Delgado has led the Huskies to three straight district titles. She talks about summer training in the Houston heat, the role of youth leagues across the city, and why she still keeps a scorebook by hand.",
    },
    highlights: [
      { title: "Weekend Highlights", description: "The best plays from Houston's weekend games." },
      {
        title: "High School Playoffs",
        description: "Scores and standout moments from the area playoffs.",
      },
      { title: "Game of the Week", description: "Our pick of the week's must-see matchup." },
    ],
    upcomingGames: [
      {
        sport: "Baseball",
        home: "Houston Astros",
        away: "Texas Rangers",
        startsAt: "2027-04-02T19:10:00-05:00",
        venue: "Daikin Park",
      },
      {
        sport: "Basketball",
        home: "Houston Rockets",
        away: "Dallas Mavericks",
        startsAt: "2026-12-04T19:00:00-06:00",
        venue: "Toyota Center",
      },
      {
        sport: "Football",
        home: "Houston Texans",
        away: "Tennessee Titans",
        startsAt: "2026-12-13T12:00:00-06:00",
        venue: "NRG Stadium",
      },
      {
        sport: "Soccer",
        home: "Houston Dynamo FC",
        away: "Austin FC",
        startsAt: "2027-03-06T19:30:00-06:00",
        venue: "Shell Energy Stadium",
      },
    ],
  },
  culturalCalendar: [
    {
      title: "Theater District Open House",
      date: "2026-12-06",
      venue: "Houston Theater District",
      description:
        "Free backstage tours, performances and family activities across downtown's stages.",
    },
    {
      title: "Museum District Day",
      date: "2027-01-17",
      venue: "Houston Museum District",
      description: "Free admission at participating museums, with shuttles between them.",
    },
    {
      title: "Houston Art Car Parade",
      date: "2027-04-10",
      venue: "Downtown Houston",
      description: "Hundreds of rolling works of art parade through downtown.",
    },
  ],
  opinion: {
    submitEmail: "opinion@houstoncitywire.com",
    standards: [
      "Opinion pieces are clearly labelled and kept separate from news reporting.",
      "Facts in opinion pieces are checked like any other story we publish.",
      "We publish writers' full names; we do not publish anonymous opinion.",
      "Contributors disclose any interest in the subject they write about.",
    ],
  },
  events: {
    submitEmail: "events@houstoncitywire.com",
    kinds: [
      {
        title: "Community Events",
        description: "Neighborhood meetings, festivals, clean-ups and fundraisers.",
      },
      {
        title: "Cultural Activities",
        description: "Concerts, exhibitions, theater and heritage celebrations.",
      },
      {
        title: "Business Gatherings",
        description: "Networking events, job fairs, workshops and openings.",
      },
    ],
  },
} satisfies NewsContent;
