import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Runs once the web servers are up (Playwright starts them first): each server has
 * already emptied its own database (playwright.config.ts), so only the folder is made
 * sure of here. Deleting files here would unlink the databases the servers have open.
 */
export default function globalSetup(): void {
  const tmp = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '.tmp');
  fs.mkdirSync(tmp, { recursive: true });
}
