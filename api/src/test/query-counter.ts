import type { Database } from '../infrastructure/db/data-source';

/**
 * Counts the SQL statements a data source sends (every TypeORM query runner
 * reports each statement to the data source's logger, logging on or off).
 */
export function countQueries(db: Database) {
  const logger = db.dataSource.logger;
  const original = logger.logQuery.bind(logger);
  const queries: string[] = [];
  logger.logQuery = (query, parameters, queryRunner) => {
    queries.push(query);
    original(query, parameters, queryRunner);
  };
  return {
    queries,
    reset: () => void queries.splice(0),
    restore: () => {
      logger.logQuery = original;
    },
  };
}
