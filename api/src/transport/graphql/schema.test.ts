import fs from 'node:fs';
import { printCommittedSchema, SCHEMA_FILE } from './print-schema';

describe('schema/schema.graphql', () => {
  it('is up to date with the resolvers (run `npm run schema` when this fails)', async () => {
    const committed = fs.existsSync(SCHEMA_FILE) ? fs.readFileSync(SCHEMA_FILE, 'utf8') : '';
    expect(committed).toBe(await printCommittedSchema());
  });

  it('exposes the operations of the walking skeleton with descriptions', async () => {
    const sdl = await printCommittedSchema();
    expect(sdl).toMatch(/workshops: \[Workshop!\]!/);
    expect(sdl).toMatch(/workshop\(id: ID!\): Workshop/);
    expect(sdl).toMatch(/testimonials: \[Testimonial!\]!/);
    expect(sdl).toContain('"""A small-group photography workshop: one run of it, on its dates."""');
  });
});
