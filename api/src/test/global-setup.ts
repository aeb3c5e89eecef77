import { makeMysqlTemplate, TEMPLATE_ENV } from './mysql-template';

/** Once per Jest run: the migrated MySQL schema as a template for the test databases (test/mysql-template.ts). */
export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_MYSQL_URL) process.env[TEMPLATE_ENV] = await makeMysqlTemplate(process.env.TEST_MYSQL_URL);
}
