// GraphQL Code Generator plugin (codegen.ts): the trusted-documents manifest, sha256 of the
// exact text the web's client sends → that text (docs/decisions/073). The installed codegen
// offers persisted documents only in its client preset, which this project does not use
// (docs/decisions/004), so this plugin builds the same thing for typescript-operations.
// The text is what Apollo Client prints: the canonical document (operation, then the
// fragments it uses, sorted by name) with __typename added to every selection set.
import crypto from 'node:crypto';
import { print } from 'graphql';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { canonicalDocument } from '../src/apollo/trustedDocument.ts';

export const plugin = (_schema, documents) => {
  const sources = documents.filter((d) => !/\.test\.tsx?$/.test(d.location ?? ''));
  const fragments = new Map();
  for (const { document } of documents) {
    for (const d of document?.definitions ?? []) if (d.kind === 'FragmentDefinition') fragments.set(d.name.value, d);
  }
  const entries = [];
  for (const { document } of sources) {
    for (const op of document?.definitions ?? []) {
      if (op.kind !== 'OperationDefinition') continue;
      const text = print(addTypenameToDocument(canonicalDocument({ kind: 'Document', definitions: [op] }, fragments)));
      entries.push([op.name?.value ?? '', crypto.createHash('sha256').update(text).digest('hex'), text]);
    }
  }
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : 1));
  return `${JSON.stringify(Object.fromEntries(entries.map(([, hash, text]) => [hash, text])), null, 2)}\n`;
};
