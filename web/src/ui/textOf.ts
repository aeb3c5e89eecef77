import { isValidElement, type ReactNode } from 'react';

/**
 * The plain text of a React node (strings and numbers of it and its children,
 * paragraphs separated by a space): e.g. an FAQ answer written as JSX, for
 * structured data. The same on the server and in the browser.
 */
export function textOf(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) {
    const inner = textOf(node.props.children);
    return node.type === 'p' || node.type === 'li' ? `${inner} ` : inner;
  }
  return '';
}
