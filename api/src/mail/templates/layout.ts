import { BRAND } from '../../shared/brand';
import { html, type SafeHtml } from './html';

/**
 * The one layout every mail shares, in an HTML and a plain-text version.
 * Mail clients strip <style> blocks and block remote images, so the HTML uses
 * inline styles and tables only and has no images at all: the brand is text.
 * Colours are the web's design tokens (web/src/styles/tokens.css).
 */
const C = {
  ink: '#1c2420',
  muted: '#5f6b64',
  paper: '#fbfaf6',
  sand: '#f1ece1',
  line: '#d6cfc0',
  forest: '#1f3a2e',
  amber: '#b4541a',
};
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
/** "within 24 hours, Monday to Friday ..." */
const ANSWER_TIME = BRAND.responseTime.charAt(0).toLowerCase() + BRAND.responseTime.slice(1);
const DISPLAY = "'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, serif";

export interface MailContext {
  /** Public origin of the site, e.g. https://wildlightworkshops.com (no trailing slash). */
  origin: string;
}

/** A label/value list: the facts of a booking or a message. */
export type Facts = Array<[label: string, value: string]>;

export interface MailBody {
  /** Heading at the top of the card. */
  title: string;
  /** The line mail clients show after the subject. */
  preheader: string;
  html: SafeHtml;
  text: string;
}

export function layoutHtml(body: MailBody, ctx: MailContext): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${body.title}</title>
</head>
<body style="margin:0;padding:0;background:${C.sand};color:${C.ink};font-family:${FONT};font-size:16px;line-height:1.6;">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${body.preheader}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${C.sand};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:${C.paper};border:1px solid ${C.line};border-radius:8px;">
<tr><td style="background:${C.forest};color:#ffffff;padding:20px 28px;border-radius:8px 8px 0 0;font-family:${DISPLAY};font-size:22px;letter-spacing:0.5px;">${BRAND.name}</td></tr>
<tr><td style="padding:28px;">
<h1 style="margin:0 0 16px;font-family:${DISPLAY};font-size:24px;line-height:1.25;color:${C.ink};font-weight:normal;">${body.title}</h1>
${body.html}
</td></tr>
<tr><td style="padding:20px 28px;border-top:1px solid ${C.line};color:${C.muted};font-size:13px;line-height:1.5;">
${BRAND.name} &middot; ${BRAND.tagline}<br>
Questions? Reply to this email or write to <a href="mailto:${BRAND.contactEmail}" style="color:${C.forest};">${BRAND.contactEmail}</a>.
We answer ${ANSWER_TIME}.<br>
<a href="${ctx.origin}" style="color:${C.forest};">${hostOf(ctx.origin)}</a>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`.value;
}

export function layoutText(body: MailBody, ctx: MailContext): string {
  const rule = '='.repeat(BRAND.name.length);
  return [
    BRAND.name.toUpperCase(),
    rule,
    '',
    body.title,
    '',
    body.text.trim(),
    '',
    '-- ',
    `${BRAND.name} · ${BRAND.tagline}`,
    `Questions? Reply to this email or write to ${BRAND.contactEmail}. We answer ${ANSWER_TIME}.`,
    ctx.origin,
    '',
  ].join('\n');
}

// Building blocks shared by the templates, each in both versions.

export function paragraph(text: string | SafeHtml): SafeHtml {
  return html`<p style="margin:0 0 16px;">${text}</p>`;
}

export function factsHtml(facts: Facts): SafeHtml {
  return html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 20px;border-collapse:collapse;font-size:15px;">
${facts.map(
  ([label, value]) =>
    html`<tr><td style="padding:6px 12px 6px 0;border-bottom:1px solid ${C.line};color:${C.muted};white-space:nowrap;vertical-align:top;">${label}</td><td style="padding:6px 0;border-bottom:1px solid ${C.line};vertical-align:top;">${value}</td></tr>
`,
)}</table>`;
}

export function factsText(facts: Facts): string {
  // Label, colon and at least two spaces: the values line up in a monospace reader.
  const width = Math.max(...facts.map(([label]) => label.length)) + 3;
  return facts.map(([label, value]) => `${`${label}:`.padEnd(width)}${value}`).join('\n');
}

export function buttonHtml(href: string, label: string): SafeHtml {
  return html`<p style="margin:8px 0 24px;"><a href="${href}" style="display:inline-block;background:${C.amber};color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:6px;font-weight:600;">${label}</a></p>`;
}

export function link(href: string, label: string): SafeHtml {
  return html`<a href="${href}" style="color:${C.forest};">${label}</a>`;
}

export function subheadingHtml(text: string): SafeHtml {
  return html`<h2 style="margin:24px 0 8px;font-family:${DISPLAY};font-size:19px;font-weight:normal;color:${C.ink};">${text}</h2>`;
}

export function listHtml(items: Array<string | SafeHtml>): SafeHtml {
  return html`<ul style="margin:0 0 16px;padding-left:20px;">${items.map((item) => html`<li style="margin:0 0 4px;">${item}</li>`)}</ul>`;
}

export function listText(items: string[]): string {
  return items.map((item) => `- ${item}`).join('\n');
}

/** User-written text shown as text: escaped, line breaks kept. */
export function quoteHtml(text: string): SafeHtml {
  return html`<div style="margin:0 0 20px;padding:12px 16px;background:${C.sand};border-left:3px solid ${C.forest};white-space:pre-wrap;">${text}</div>`;
}

export function quoteText(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
}

function hostOf(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return origin;
  }
}
