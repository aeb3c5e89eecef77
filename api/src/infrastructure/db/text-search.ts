import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * Text search on a full-text index (docs/decisions/075): MySQL/MariaDB's
 * FULLTEXT index, SQLite's FTS5 table, both made by the migration
 * AdminPagingAndSearch and tokenised alike (letters, digits and "_" make a
 * word; case and accents do not matter).
 *
 * Each word of the query must be found in the row. A word is looked up in the
 * index as the prefix of indexed words ("gra" finds "Grace"), which is what
 * both engines do the same way. The index cannot serve a word with a part
 * shorter than 3 characters (InnoDB does not index those: "b-1", "+1", "O'Neil"'s
 * "o") or with no letter or digit at all ("%"): such a word is matched as a
 * substring with LIKE, as the search always did, on both engines alike.
 */
export interface SearchIndex {
  /** Entity properties of the indexed columns, in the FULLTEXT index's order (MATCH must name exactly those). */
  columns: readonly string[];
  /** SQLite: the FTS5 table and which of its columns holds the row's key. */
  fts5Table: string;
  fts5Key: string;
  /** Entity property the FTS5 key equals (the id). */
  entityKey: string;
}

/** innodb_ft_min_token_size (MySQL and MariaDB default) and innodb_ft_max_token_size. */
const MIN_INDEXED = 3;
const MAX_INDEXED = 84;
/** Words of one query at most; the rest are ignored. */
export const MAX_SEARCH_WORDS = 10;

/** How a query is looked up: the index's words (as prefixes), and the words matched as substrings. */
export interface SearchPlan {
  indexed: string[];
  scanned: string[];
}

export function planSearch(text: string): SearchPlan {
  const plan: SearchPlan = { indexed: [], scanned: [] };
  const words = text.normalize('NFC').trim().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  for (const word of words) {
    const tokens = word.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
    const indexable = tokens.length > 0 && tokens.every((t) => [...t].length >= MIN_INDEXED && [...t].length <= MAX_INDEXED);
    if (indexable) plan.indexed.push(...tokens);
    else plan.scanned.push(word);
  }
  return plan;
}

/** A LIKE pattern matching `text` literally ('!' is the escape character: the same on SQLite and MariaDB). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/** Add to `q` the condition that every word of `text` is found in the row (nothing for an empty text). */
export function whereTextMatches<T extends ObjectLiteral>(q: SelectQueryBuilder<T>, kind: 'mysql' | 'sqlite', alias: string, index: SearchIndex, text: string): SelectQueryBuilder<T> {
  const { indexed, scanned } = planSearch(text);
  if (indexed.length) {
    if (kind === 'mysql') {
      const columns = index.columns.map((c) => `${alias}.${c}`).join(', ');
      q.andWhere(`MATCH(${columns}) AGAINST (:searchIndexed IN BOOLEAN MODE)`, { searchIndexed: indexed.map((t) => `+${t}*`).join(' ') });
    } else {
      const t = index.fts5Table;
      q.andWhere(`${alias}.${index.entityKey} IN (SELECT ${index.fts5Key} FROM ${t} WHERE ${t} MATCH :searchIndexed)`, { searchIndexed: indexed.map((w) => `"${w}"*`).join(' ') });
    }
  }
  scanned.forEach((word, i) => {
    q.andWhere(`(${index.columns.map((c) => `${alias}.${c} LIKE :searchScanned${i} ESCAPE '!'`).join(' OR ')})`, { [`searchScanned${i}`]: containsPattern(word) });
  });
  return q;
}
