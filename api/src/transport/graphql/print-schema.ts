import path from 'node:path';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { createSchema } from './schema';

/** The committed SDL: schema/schema.graphql at the repository root. */
export const SCHEMA_FILE = path.resolve(__dirname, '../../../../schema/schema.graphql');

const HEADER = '# Generated from the type-graphql resolvers by `npm run schema`. Do not edit.\n\n';

/** The SDL exactly as committed: sorted, with a header. */
export async function printCommittedSchema(): Promise<string> {
  return HEADER + printSchema(lexicographicSortSchema(await createSchema())) + '\n';
}
