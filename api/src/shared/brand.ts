/**
 * The brand and the instructor: one content file for the whole product
 * (pages, seed data, emails). Isomorphic: imported by the api and by the web.
 */
export const BRAND = {
  name: 'Wild Light Workshops',
  shortName: 'Wild Light',
  tagline: 'Small-group photography workshops across America’s wildest places',
  contactEmail: 'hello@wildlightworkshops.com',
  responseTime: 'Within 24 hours, Monday to Friday 9 AM to 6 PM Pacific',
  instructor: {
    name: 'Daniel Reyes',
    firstName: 'Daniel',
    yearsExperience: 15,
    degree: 'B.A. in Photojournalism',
    homeBase: 'Salt Lake City, Utah',
  },
} as const;
