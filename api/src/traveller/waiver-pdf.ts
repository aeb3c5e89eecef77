import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';

/** What a signed copy shows: the text signed and the record of the signature. */
export interface SignedWaiver {
  workshopName: string;
  workshopDates: string;
  travellerName: string;
  version: number;
  text: string;
  contentHash: string;
  nameTyped: string;
  signedAt: Date;
  signedBy: string;
  ip: string;
  userAgent: string;
}

const PAGE = { width: 612, height: 792, margin: 56 } as const;

/**
 * The signed copy of a waiver as a PDF (pdf-lib, docs/decisions/085): the same
 * bytes for the same signature (fixed dates in the metadata), made again when the
 * admin downloads it and when the mail is sent, never stored.
 */
export async function signedWaiverPdf(w: SignedWaiver): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Signed release of liability: ${w.travellerName}`);
  doc.setCreationDate(w.signedAt);
  doc.setModificationDate(w.signedAt);
  doc.setProducer('Wild Light Workshops');
  doc.setCreator('Wild Light Workshops');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const writer = new Writer(doc);
  writer.line(`Release of liability, version ${w.version || 'default'}`, bold, 16);
  writer.line(`${w.workshopName} (${w.workshopDates})`, regular, 11);
  writer.gap();
  for (const paragraph of w.text.split('\n')) writer.paragraph(paragraph, regular, 10.5);
  writer.gap();
  writer.line('Signature', bold, 13);
  const facts: Array<[string, string]> = [
    ['Traveller', w.travellerName],
    ['Full legal name typed', w.nameTyped],
    ['Consent', 'Ticked: I have read and agree to this release'],
    ['Signed at (UTC)', w.signedAt.toISOString()],
    ['Signed by', w.signedBy === 'booker' ? 'The booker, on behalf of the traveller' : 'The traveller, through their personal link'],
    ['IP address', w.ip],
    ['Browser', w.userAgent || '(none sent)'],
    ['Text SHA-256', w.contentHash],
  ];
  for (const [label, value] of facts) writer.paragraph(`${label}: ${value}`, regular, 10);
  return doc.save({ useObjectStreams: false });
}

/** Lays text out top to bottom, wrapping lines and adding pages. */
class Writer {
  private page;
  private y: number;

  constructor(private readonly doc: PDFDocument) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  gap(): void {
    this.y -= 10;
  }

  line(text: string, font: PDFFont, size: number): void {
    this.paragraph(text, font, size);
  }

  paragraph(text: string, font: PDFFont, size: number): void {
    const safe = encodable(font, text);
    if (!safe.trim()) {
      this.y -= size;
      return;
    }
    const width = PAGE.width - 2 * PAGE.margin;
    let current = '';
    const lines: string[] = [];
    for (const word of safe.split(/\s+/)) {
      const next = current ? `${current} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width && current) {
        lines.push(current);
        current = word;
      } else current = next;
    }
    if (current) lines.push(current);
    for (const l of lines) {
      if (this.y < PAGE.margin + size) {
        this.page = this.doc.addPage([PAGE.width, PAGE.height]);
        this.y = PAGE.height - PAGE.margin;
      }
      this.page.drawText(fitLine(font, l, size, width), { x: PAGE.margin, y: this.y - size, size, font });
      this.y -= size * 1.4;
    }
  }
}

/** A word longer than the line (a long hash or user agent) is cut at the width. */
function fitLine(font: PDFFont, text: string, size: number, width: number): string {
  let out = text;
  while (out.length > 1 && font.widthOfTextAtSize(out, size) > width) out = out.slice(0, -1);
  return out;
}

/** The standard fonts write WinAnsi only: any other character (a name in another script) becomes "?" rather than failing. */
function encodable(font: PDFFont, text: string): string {
  const set = new Set(font.getCharacterSet());
  return Array.from(text.replace(/[‘’]/g, "'").replace(/[“”]/g, '"'))
    .map((c) => (set.has(c.codePointAt(0)!) ? c : '?'))
    .join('');
}
