import type { DefinitionNode, DocumentNode } from 'graphql';

/**
 * Runtime half of the build's GraphQL precompilation (vite.config.ts,
 * `precompiledGql` plugin): a gql`...` document arrives parsed, and the
 * fragments it interpolated (`${WORKSHOP_CARD_FRAGMENT}`) are appended here, once
 * each by name, as graphql-tag would. The browser then needs no GraphQL parser.
 */
export function precompiledGql(doc: DocumentNode, interpolated: readonly DocumentNode[]): DocumentNode {
  if (interpolated.length === 0) return doc;
  const names = new Set<string>();
  const definitions: DefinitionNode[] = [];
  for (const d of [...doc.definitions, ...interpolated.flatMap((f) => f.definitions)]) {
    if (d.kind === 'FragmentDefinition') {
      if (names.has(d.name.value)) continue;
      names.add(d.name.value);
    }
    definitions.push(d);
  }
  return { ...doc, definitions };
}
