import type { BookingsTab_BookingFragment } from '../gql/graphql';

/** Bookings that are not on a manifest: nobody is coming with them. */
const OFF_MANIFEST = new Set(['expired', 'cancelled']);

const COLUMNS: Array<[string, (b: BookingsTab_BookingFragment) => string | number | null | undefined]> = [
  ['Booking ID', (b) => b.id],
  ['Booked at', (b) => b.createdAt],
  ['Customer name', (b) => b.customerName],
  ['Email', (b) => b.customerEmail],
  ['Phone', (b) => b.customerPhone],
  ['Participants', (b) => b.numParticipants],
  ['Spouses/partners', (b) => b.numSpouses],
  ['Room', (b) => b.roomType],
  ['Age', (b) => b.age],
  ['Experience', (b) => b.experienceLevel],
  ['Camera body', (b) => b.cameraBody],
  ['Lenses', (b) => b.lenses],
  ['Other equipment', (b) => b.otherEquipment],
  ['Health concerns', (b) => b.healthConcerns],
  ['Dietary restrictions', (b) => b.dietaryRestrictions],
  ['Trip goals', (b) => b.tripGoals],
  ['Special requests', (b) => b.specialRequests],
  ['Emergency contact name', (b) => b.emergencyContactName],
  ['Emergency contact phone', (b) => b.emergencyContactPhone],
  ['Emergency contact email', (b) => b.emergencyContactEmail],
  ['Payment option', (b) => b.paymentOption],
  ['Payment status', (b) => b.paymentStatus],
  ['Booking status', (b) => b.status],
  ['Total (USD)', (b) => b.totalAmount.toFixed(2)],
  ['Paid (USD)', (b) => b.amountPaid.toFixed(2)],
];

/** "+1 (555) 010-0100": digits and punctuation only, which no spreadsheet can turn into a function call. */
const PHONE_LIKE = /^[+-]?[\d\s().-]+$/;

/**
 * One CSV cell: quoted, quotes doubled. Text typed by customers that a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR) gets a leading
 * apostrophe (CSV injection); phone numbers are left as typed.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '""';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !PHONE_LIKE.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * The participant manifest of one workshop as CSV (RFC 4180, CRLF): its live
 * bookings – not expired or cancelled – oldest first, with every detail.
 */
export function manifestCsv(bookings: ReadonlyArray<BookingsTab_BookingFragment>, workshopId: string): string {
  const rows = bookings
    .filter((b) => b.workshopId === workshopId && !OFF_MANIFEST.has(b.status))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const lines = [COLUMNS.map(([h]) => csvCell(h)).join(','), ...rows.map((b) => COLUMNS.map(([, get]) => csvCell(get(b))).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/** Offer a text as a file download (client-side, no server round trip). */
export function downloadFile(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  // A BOM so that spreadsheet apps read the UTF-8 names correctly.
  downloadBlob(filename, new Blob(['\ufeff', text], { type }));
}

/** Offer a blob (made here or fetched with the admin credential) as a file download. */
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
