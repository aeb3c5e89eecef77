import { dropMysqlTemplate, TEMPLATE_ENV } from './mysql-template';

/** The end of the Jest run: the MySQL template database goes (test/mysql-template.ts). */
export default async function globalTeardown(): Promise<void> {
  const file = process.env[TEMPLATE_ENV];
  if (process.env.TEST_MYSQL_URL && file) await dropMysqlTemplate(process.env.TEST_MYSQL_URL, file);
}
