/**
 * Text formats checked by both sides. Isomorphic: the api validates with them and
 * the web puts them in the form's `pattern` attributes, so a value the browser
 * accepts is never refused by the server with a generic booking error.
 *
 * The sources are written so that they compile the same as a plain RegExp and as
 * an HTML `pattern` (which browsers compile with the `v` flag: `( ) . - /` are
 * escaped inside the character class).
 */

/** A phone number: digits, spaces and + - . ( ) /, 5 to 40 characters. */
export const PHONE_PATTERN = '\\+?[0-9 \\(\\)\\.\\-\\/]{5,40}';
export const PHONE_HINT = 'Digits, spaces and + - . ( ) only, at least 5 characters.';

/** The browser's pre-check of an email address (the server's check is class-validator's IsEmail). */
export const EMAIL_PATTERN = '[^\\s@]+@[^\\s@]+\\.[^\\s@]{2,}';
export const EMAIL_HINT = 'An email address such as name@example.com.';

/** Anchored RegExp of a pattern source, as the HTML `pattern` attribute applies it. */
export const fullMatch = (source: string): RegExp => new RegExp(`^(?:${source})$`);

/** Length limits of a waiting-list request (the api's input and the web's form). */
export const WAITLIST_TEXT_LIMITS = { name: 120, email: 254 } as const;

/** Length limits of a community board post (the api's input and the web's form). */
export const MESSAGE_LIMITS = { authorName: 80, authorEmail: 254, message: 2000 } as const;
