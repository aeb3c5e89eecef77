/**
 * Who a booking is for, in the booking summary's words (issue 24): "2 participants",
 * "1 participant + 1 spouse/partner". The confirmation and the manage page use it,
 * so a spouse or partner is counted as such, never folded into "Participants 1".
 */
export function partyText(numParticipants: number, numSpouses: number): string {
  const people = `${numParticipants} participant${numParticipants === 1 ? '' : 's'}`;
  return numSpouses > 0 ? `${people} + ${numSpouses} spouse${numSpouses === 1 ? '/partner' : 's/partners'}` : people;
}
