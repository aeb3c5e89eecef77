import 'reflect-metadata';
import fs from 'node:fs';
import { printCommittedSchema, SCHEMA_FILE } from '../transport/graphql/print-schema';

/** `npm run schema`: write schema/schema.graphql from the resolvers. */
printCommittedSchema()
  .then((sdl) => {
    fs.writeFileSync(SCHEMA_FILE, sdl);
    console.log(`Wrote ${SCHEMA_FILE}`);
  })
  .catch((e) => {
    console.error(e);
    process.exit(1);
  });
