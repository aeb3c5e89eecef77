import { useContext, useEffect } from 'react';
import { ServerRenderContext } from '../ssr/ServerRenderContext';

/** `<` escaped, so a text field can never close the script element. */
export function serialiseJsonLd(data: Record<string, unknown>): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/**
 * Structured data (schema.org JSON-LD) in the document head while the route
 * is shown. React 19 hoists <title> and <meta> but not inline scripts, so the
 * element is managed here: the server renderer collects it for <head>; in the
 * browser the server's element is adopted (or a new one added) and removed when
 * the route unmounts.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const json = serialiseJsonLd(data);
  const server = useContext(ServerRenderContext);
  if (server) server.jsonLd.push(json);
  useEffect(() => {
    const scripts = document.head.querySelectorAll<HTMLScriptElement>('script[type="application/ld+json"]:not([data-owned])');
    let el = [...scripts].find((s) => s.text === json);
    if (!el) {
      el = document.createElement('script');
      el.type = 'application/ld+json';
      el.text = json;
      document.head.appendChild(el);
    }
    el.dataset.owned = '';
    return () => el.remove();
  }, [json]);
  return null;
}
