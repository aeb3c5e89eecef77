import type { DefinitionNode, DocumentNode, FragmentDefinitionNode, SelectionSetNode } from 'graphql';

/**
 * The one text of an operation, whoever builds it: the operation first, then the
 * fragments it uses (transitively), each once, by name. The client sends documents in
 * this form (httpLink.ts, in the network chunk) and the codegen writes the trusted-documents
 * manifest from it (web/scripts/codegen-trusted-documents.mjs), so the hash the browser
 * sends is the hash the server knows, whatever order a gql template literal interpolated its
 * fragments in (docs/decisions/073). Type imports only: Node runs this file as it is.
 */
export function canonicalDocument(doc: DocumentNode, fragments?: ReadonlyMap<string, FragmentDefinitionNode>): DocumentNode {
  const known = new Map(fragments);
  const operations: DefinitionNode[] = [];
  for (const d of doc.definitions) {
    if (d.kind === 'FragmentDefinition') known.set(d.name.value, d);
    else operations.push(d);
  }
  if (operations.length === 0) return doc;
  const used = new Map<string, FragmentDefinitionNode>();
  const collect = (set: SelectionSetNode | undefined): void => {
    for (const s of set?.selections ?? []) {
      if (s.kind === 'FragmentSpread') {
        const f = known.get(s.name.value);
        if (f && !used.has(f.name.value)) {
          used.set(f.name.value, f);
          collect(f.selectionSet);
        }
      } else collect(s.selectionSet);
    }
  };
  for (const o of operations) if (o.kind === 'OperationDefinition') collect(o.selectionSet);
  const sorted = [...used.values()].sort((a, b) => (a.name.value < b.name.value ? -1 : a.name.value > b.name.value ? 1 : 0));
  return { ...doc, definitions: [...operations, ...sorted] };
}
