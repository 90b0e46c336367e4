import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './database';

/**
 * Writes each row's values over the table's row with the same `key`, every row in one statement
 * (`UPDATE … FROM json_to_recordset`): a batch's per-row updates in one round trip, with one query
 * parameter however many rows (as uuidList). Every row names the same columns, the key among them;
 * columns a row leaves out keep their values.
 */
export async function updateRows<TTable extends PgTable>(tx: Db, table: TTable, key: keyof TTable['$inferSelect'] & string, rows: ReadonlyArray<Partial<TTable['$inferSelect']>>): Promise<void> {
  const [first] = rows;
  if (!first) return;
  const columns = getTableColumns(table);
  const fields = Object.keys(first);
  if (!fields.includes(key)) throw new Error(`updateRows: every row names the key ${key}`);
  const named = fields.map((field) => {
    const column = columns[field];
    if (!column) throw new Error(`updateRows: ${field} is no column of the table`);
    return { field, column, name: sql.identifier(column.name) };
  });
  const records = rows.map((row) =>
    Object.fromEntries(
      named.map(({ field, column }) => {
        const value = (row as Record<string, unknown>)[field];
        return [column.name, value instanceof Date ? value.toISOString() : (value ?? null)];
      }),
    ),
  );
  const definitions = sql.join(
    named.map(({ column, name }) => sql`${name} ${sql.raw(column.getSQLType())}`),
    sql`, `,
  );
  const assignments: SQL[] = named.filter(({ field }) => field !== key).map(({ name }) => sql`${name} = v.${name}`);
  if (assignments.length === 0) return;
  const keyColumn = named.find(({ field }) => field === key) as (typeof named)[number];
  await tx.execute(sql`
    update ${table} set ${sql.join(assignments, sql`, `)}
    from json_to_recordset(${JSON.stringify(records)}::json) as v(${definitions})
    where ${keyColumn.column} = v.${keyColumn.name}`);
}

/**
 * The `set` of a multi-row upsert that writes each row's own values (`excluded.<column>`) into the row it
 * conflicts with, for the given fields: one statement for a batch's inserts and replacements.
 */
export function excludedValues<TTable extends PgTable>(table: TTable, fields: ReadonlyArray<keyof TTable['$inferInsert'] & string>): Record<string, SQL> {
  const columns = getTableColumns(table);
  return Object.fromEntries(
    fields.map((field) => {
      const column = columns[field];
      if (!column) throw new Error(`excludedValues: ${field} is no column of the table`);
      return [field, sql`excluded.${sql.identifier(column.name)}`];
    }),
  );
}
