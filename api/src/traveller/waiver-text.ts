import crypto from 'node:crypto';

/** SHA-256 (hex) of a waiver's text as UTF-8: the content hash a signature names. */
export function waiverHash(text: string): string {
  return crypto.createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * The release every workshop has until the admin writes its own (the first
 * version the admin saves replaces it; a signature of this one names its hash).
 */
export const DEFAULT_WAIVER_TEXT = [
  'Release of liability, assumption of risk and consent',
  '',
  'I take part in this photography workshop of my own free will. I understand that outdoor photography involves walking on uneven ground, changing weather, wildlife, water, heights and travel by vehicle, and that these carry a risk of injury, illness or loss of property.',
  '',
  'I accept these risks. I will follow the instructor’s safety directions, tell the instructor of any health condition that may affect my safety, and carry the insurance I consider necessary.',
  '',
  'To the extent the law allows, I release the workshop company, its instructor and staff from liability for injury, loss or damage that arises from my participation, except where caused by their gross negligence or wilful misconduct.',
  '',
  'I am at least 18 years old and I have read and understood this release before signing it.',
].join('\n');
