/**
 * Sample reviews written for the seed (not by participants): marked `sample`, shown
 * only where SHOW_SAMPLE_REVIEWS allows (on in development, off in production; decision 090).
 */
export const TESTIMONIAL_SEEDS = [
  {
    id: 'rev-margaret-h',
    rating: 5,
    clientName: 'Margaret H.',
    location: 'Portland, Oregon',
    workshopAttended: 'Yellowstone in Winter: Wolves, Bison & Steam',
    reviewText:
      'I have been on three photo tours and this was the first where the instructor knew exactly where the light would be. We saw wolves on two mornings and I finally understand how to expose for snow.',
    sample: true,
    date: '2025-02-16',
  },
  {
    id: 'rev-james-o',
    rating: 5,
    clientName: 'James O.',
    location: 'Austin, Texas',
    workshopAttended: 'Great Plains Supercell Chase',
    reviewText:
      'Safety came first every single day, and we still ended up under the most incredible mothership supercell I have ever seen. The night lightning session alone was worth the trip.',
    sample: true,
    date: '2025-06-09',
  },
  {
    id: 'rev-priya-s',
    rating: 5,
    clientName: 'Priya S.',
    location: 'San Jose, California',
    workshopAttended: 'Urban Portrait & Posing Intensive',
    reviewText:
      'I came in terrified of directing people. Four days later I had a posing sequence I now use with every client, and my headshot bookings have doubled since.',
    sample: true,
    date: '2025-05-03',
  },
  {
    id: 'rev-tom-and-linda-r',
    rating: 5,
    clientName: 'Tom and Linda R.',
    location: 'Minneapolis, Minnesota',
    workshopAttended: 'Grand Teton Autumn Color',
    reviewText:
      'Linda came along as a non-photographer at half price and loved it as much as I did. Small group, great food and Oxbow Bend at sunrise with the aspens at peak.',
    sample: true,
    date: '2025-10-12',
  },
  {
    id: 'rev-carlos-m',
    rating: 4,
    clientName: 'Carlos M.',
    location: 'Denver, Colorado',
    workshopAttended: 'Canyonlands & Arches Backcountry',
    reviewText:
      'Tough hikes and short nights, exactly as promised. The Milky Way from our backcountry camp is now on my living room wall. I would have liked one more editing session.',
    sample: true,
    date: '2025-10-30',
  },
  {
    id: 'rev-hannah-k',
    rating: 5,
    clientName: 'Hannah K.',
    location: 'Boston, Massachusetts',
    workshopAttended: 'Alaska Brown Bears & Glaciers',
    reviewText:
      'Sitting on a sedge meadow while a mother bear and two cubs walked past at thirty yards is something I will never forget. The guides were calm and the lodge food was superb.',
    sample: true,
    date: '2025-08-04',
  },
  {
    id: 'rev-greg-w',
    rating: 5,
    clientName: 'Greg W.',
    location: 'Atlanta, Georgia',
    workshopAttended: 'Zion Canyon Light & Slot Canyons',
    reviewText:
      'Every location was timed to the light. Wading the Narrows at noon for reflected light was a revelation, and the one-to-one editing session changed how I process everything.',
    sample: true,
    date: '2025-04-27',
  },
  {
    id: 'rev-aisha-b',
    rating: 5,
    clientName: 'Aisha B.',
    location: 'Chicago, Illinois',
    workshopAttended: 'Everglades Wading Birds',
    reviewText:
      'My first photo workshop and a perfect one. Patient teaching, spoonbills at arm’s length and finally sharp birds in flight.',
    sample: true,
    date: '2025-12-14',
  },
];
