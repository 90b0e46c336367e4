import type { Db } from '@closetly/server';
import { sql } from 'drizzle-orm';

/** A gate a test opens when it likes: holds a transaction open while another one runs, or tells that one got somewhere. */
export function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/**
 * How many transactions of `db`'s database wait for a lock now (PostgreSQL):
 * with `pollUntil`, a test knows one transaction is blocked on another
 * before it lets the other go.
 */
export async function transactionsWaitingForLocks(db: Db): Promise<number> {
  const result = (await db.execute(
    // By the waiting backend's database: a wait on another transaction's row (a transactionid lock) names no database itself.
    sql`select count(*)::int as waiting from pg_locks l join pg_stat_activity a on a.pid = l.pid where not l.granted and a.datname = current_database()`,
  )) as unknown as { rows: Array<{ waiting: number }> };
  return result.rows[0]?.waiting ?? 0;
}
