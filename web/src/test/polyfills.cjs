// ScrollRestoration scrolls on navigation; jsdom has no layout to scroll.
window.scrollTo = () => {};
// jsdom has no Web Crypto digest; the browser's network link hashes documents with it (docs/decisions/073).
if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: require('node:crypto').webcrypto, configurable: true });
