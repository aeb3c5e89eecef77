import type { ReactNode } from 'react';
import { Body, Button, Container, Head, Heading, Html, Link, Preview, Section, Text } from '@react-email/components';
import { BRAND } from '../shared/brand';
import type { MailContext } from './mail.types';

/**
 * The one layout every mail shares, and the blocks mails are built from
 * (docs/decisions/052). Mail clients strip <style> blocks and block remote
 * images, so everything is inline-styled and the brand is text. Colours are
 * the web's design tokens (web/src/styles/tokens.css). The `data-mail`
 * attributes tell render-mail.ts how to write a block in the plain-text part.
 */
const MAIL_COLOURS = {
  ink: '#1c2420',
  muted: '#5f6b64',
  paper: '#fbfaf6',
  sand: '#f1ece1',
  line: '#d6cfc0',
  forest: '#1f3a2e',
  amber: '#b4541a',
} as const;
const C = MAIL_COLOURS;

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const DISPLAY = "'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, serif";
/** "within 24 hours, Monday to Friday ..." */
const ANSWER_TIME = BRAND.responseTime.charAt(0).toLowerCase() + BRAND.responseTime.slice(1);

export interface MailLayoutProps {
  ctx: MailContext;
  /** Heading at the top of the card. */
  title: string;
  /** The line mail clients show after the subject. */
  preheader: string;
  children: ReactNode;
}

export function MailLayout({ ctx, title, preheader, children }: MailLayoutProps) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light" />
        <title>{title}</title>
      </Head>
      <Preview>{preheader}</Preview>
      <Body style={{ margin: 0, padding: '24px 12px', background: C.sand, color: C.ink, fontFamily: FONT, fontSize: '16px', lineHeight: 1.6 }}>
        <Container style={{ maxWidth: '600px', background: C.paper, border: `1px solid ${C.line}`, borderRadius: '8px' }}>
          <Section
            data-mail="brand"
            style={{ background: C.forest, color: '#ffffff', padding: '20px 28px', borderRadius: '8px 8px 0 0', fontFamily: DISPLAY, fontSize: '22px', letterSpacing: '0.5px' }}
          >
            {BRAND.name}
          </Section>
          <Section style={{ padding: '28px' }}>
            <Heading as="h1" style={{ margin: '0 0 16px', fontFamily: DISPLAY, fontSize: '24px', lineHeight: 1.25, color: C.ink, fontWeight: 'normal' }}>
              {title}
            </Heading>
            {children}
          </Section>
          <Section data-mail="footer" style={{ padding: '20px 28px', borderTop: `1px solid ${C.line}`, color: C.muted, fontSize: '13px', lineHeight: 1.5 }}>
            <Text style={{ margin: 0, fontSize: '13px', lineHeight: 1.5, color: C.muted }}>
              {BRAND.name} · {BRAND.tagline}
            </Text>
            <Text style={{ margin: 0, fontSize: '13px', lineHeight: 1.5, color: C.muted }}>
              Questions? Reply to this email or write to{' '}
              <Link href={`mailto:${BRAND.contactEmail}`} style={{ color: C.forest }}>
                {BRAND.contactEmail}
              </Link>
              . We answer {ANSWER_TIME}.
            </Text>
            <Text style={{ margin: 0, fontSize: '13px', lineHeight: 1.5, color: C.muted }}>
              <Link href={ctx.origin} style={{ color: C.forest }}>
                {hostOf(ctx.origin)}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={{ margin: '0 0 16px', fontSize: '16px', lineHeight: 1.6 }}>{children}</Text>;
}

/** A label/value list: the facts of a booking or a message. */
export type FactList = Array<[label: string, value: string]>;

export function Facts({ facts }: { facts: FactList }) {
  const cell = { padding: '6px 0', borderBottom: `1px solid ${C.line}`, verticalAlign: 'top' } as const;
  return (
    <table
      data-mail="facts"
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ margin: '0 0 20px', borderCollapse: 'collapse', fontSize: '15px' }}
    >
      <tbody>
        {facts.map(([label, value]) => (
          <tr key={label}>
            <td style={{ ...cell, padding: '6px 12px 6px 0', color: C.muted, whiteSpace: 'nowrap' }}>{label}</td>
            <td style={cell}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The mail's main action; in the plain-text part "Label: address". */
export function ActionButton({ href, children }: { href: string; children: string }) {
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <Button
        data-mail="button"
        href={href}
        style={{ display: 'inline-block', background: C.amber, color: '#ffffff', textDecoration: 'none', padding: '12px 22px', borderRadius: '6px', fontWeight: 600 }}
      >
        {children}
      </Button>
    </Section>
  );
}

export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={{ color: C.forest }}>
      {children}
    </Link>
  );
}

export function Subheading({ children }: { children: string }) {
  return (
    <Heading as="h2" style={{ margin: '24px 0 8px', fontFamily: DISPLAY, fontSize: '19px', fontWeight: 'normal', color: C.ink }}>
      {children}
    </Heading>
  );
}

export function BulletList({ items }: { items: readonly string[] }) {
  return (
    <ul style={{ margin: '0 0 16px', paddingLeft: '20px' }}>
      {items.map((item) => (
        <li key={item} style={{ margin: '0 0 4px' }}>
          {item}
        </li>
      ))}
    </ul>
  );
}

/** User-written text shown as text (React escapes it), its line breaks kept. */
export function Quote({ text }: { text: string }) {
  const lines = text.split(/\r?\n/);
  return (
    <blockquote style={{ margin: '0 0 20px', padding: '12px 16px', background: C.sand, borderLeft: `3px solid ${C.forest}` }}>
      {lines.map((line, i) => (
        <span key={i}>
          {i > 0 && <br />}
          {line}
        </span>
      ))}
    </blockquote>
  );
}

function hostOf(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return origin;
  }
}
