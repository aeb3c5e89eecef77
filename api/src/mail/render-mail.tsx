import { render, toPlainText } from '@react-email/render';
import type { MailContext, MailTemplate, RenderedMail } from './mail.types';

type HtmlToTextOptions = NonNullable<Parameters<typeof toPlainText>[1]>;

// html-to-text's own types describe its DOM nodes loosely; these are the parts we read.
interface DomNode {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
}
type Builder = {
  openBlock(options?: { leadingLineBreaks?: number }): void;
  closeBlock(options?: { trailingLineBreaks?: number }): void;
  addLiteral(text: string): void;
  addLineBreak(): void;
};

function textOf(node: DomNode): string {
  if (node.type === 'text') return node.data ?? '';
  return (node.children ?? []).map(textOf).join('');
}

function descendants(node: DomNode, name: string): DomNode[] {
  return (node.children ?? []).flatMap((child) => (child.name === name ? [child] : descendants(child, name)));
}

function block(builder: Builder, lines: string[]): void {
  builder.openBlock({ leadingLineBreaks: 2 });
  lines.forEach((line, i) => {
    if (i > 0) builder.addLineBreak();
    builder.addLiteral(line);
  });
  builder.closeBlock({ trailingLineBreaks: 2 });
}

/**
 * The plain-text part is converted from the HTML (one source for both), with
 * a few blocks written the way a plain-text reader expects them.
 */
const TEXT_OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  formatters: {
    brand: (elem: DomNode, _walk: unknown, builder: Builder) => {
      const name = textOf(elem).trim();
      block(builder, [name.toUpperCase(), '='.repeat(name.length)]);
    },
    // "Label:  value", the values lined up in a monospace reader.
    facts: (elem: DomNode, _walk: unknown, builder: Builder) => {
      const rows = descendants(elem, 'tr').map((tr) => descendants(tr, 'td').map((td) => textOf(td).trim()));
      const width = Math.max(...rows.map(([label]) => label.length)) + 3;
      block(
        builder,
        rows.map(([label, value]) => `${`${label}:`.padEnd(width)}${value}`),
      );
    },
    button: (elem: DomNode, _walk: unknown, builder: Builder) => {
      block(builder, [`${textOf(elem).trim()}: ${elem.attribs?.href ?? ''}`]);
    },
  } as unknown as HtmlToTextOptions['formatters'],
  selectors: [
    { selector: '[data-mail=brand]', format: 'brand' },
    { selector: 'table[data-mail=facts]', format: 'facts' },
    { selector: 'a[data-mail=button]', format: 'button' },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'ul', options: { itemPrefix: '- ' } },
  ],
};

/** Render one mail of a kind from its stored payload. */
export async function renderMail<P>(template: MailTemplate<P>, data: P, ctx: MailContext): Promise<RenderedMail> {
  const { Body } = template;
  const html = await render(<Body data={data} ctx={ctx} />);
  return {
    subject: template.subject(data),
    html,
    text: `${toPlainText(html, TEXT_OPTIONS).trim()}\n`,
    attachments: (await template.attachments?.(data, ctx)) ?? [],
  };
}
