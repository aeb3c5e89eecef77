import type { DepartureTravellerRow } from './departure-travellers';

/** A room of the rooming list. */
export interface RoomAssignment {
  /** "private" (the booking paid the private room supplement) or "shared" (two to a room). */
  roomType: 'private' | 'shared';
  /** Names of its occupants, in booking order. */
  occupants: string[];
  /** Why it looks the way it does: "private room", "same booking", "paired across bookings", "needs a roommate". */
  note: string;
}

/**
 * The rooming list, read from how a booking stores its room choice (one
 * room_type per booking, the private supplement paid once per booking):
 * a private booking's travellers share their own room; shared-room travellers
 * go two to a room, first with their own booking, then the ones left over paired
 * across bookings in booking order (a named roommate preference on the same
 * departure pairs those two first). An odd one out "needs a roommate".
 */
export function roomingList(travellers: readonly DepartureTravellerRow[]): RoomAssignment[] {
  const rooms: RoomAssignment[] = [];
  const byBooking = new Map<string, DepartureTravellerRow[]>();
  for (const t of travellers) byBooking.set(t.bookingId, [...(byBooking.get(t.bookingId) ?? []), t]);
  const leftOver: DepartureTravellerRow[] = [];
  for (const group of byBooking.values()) {
    if (group[0]!.roomType === 'private') {
      rooms.push({ roomType: 'private', occupants: group.map((t) => t.name), note: 'private room' });
      continue;
    }
    let i = 0;
    for (; i + 1 < group.length; i += 2) rooms.push({ roomType: 'shared', occupants: [group[i]!.name, group[i + 1]!.name], note: 'same booking' });
    if (i < group.length) leftOver.push(group[i]!);
  }
  // A preference naming another left-over traveller pairs them first.
  const unpaired = [...leftOver];
  for (const t of leftOver) {
    if (!unpaired.includes(t) || !t.roommatePreference) continue;
    const wanted = unpaired.find((o) => o !== t && o.name.trim().toLowerCase() === t.roommatePreference!.trim().toLowerCase());
    if (!wanted) continue;
    rooms.push({ roomType: 'shared', occupants: [t.name, wanted.name], note: 'roommate preference' });
    unpaired.splice(unpaired.indexOf(t), 1);
    unpaired.splice(unpaired.indexOf(wanted), 1);
  }
  for (let i = 0; i < unpaired.length; i += 2) {
    const pair = unpaired.slice(i, i + 2);
    rooms.push({ roomType: 'shared', occupants: pair.map((t) => t.name), note: pair.length === 2 ? 'paired across bookings' : 'needs a roommate' });
  }
  return rooms;
}
