import type { Language } from '@ki/domain';
import { sql, type RawBuilder } from 'kysely';

/**
 * A content name (subject, chapter, topic) in `language`, English when it has no translation:
 * `column` is a `names` jsonb column such as 'c.names'.
 */
export const nameIn = (column: string, language: Language): RawBuilder<string> =>
  sql<string>`coalesce(${sql.ref(column)} ->> ${language}, ${sql.ref(column)} ->> 'en')`;
