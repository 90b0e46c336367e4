import { type SQL, sql } from 'drizzle-orm';

/**
 * A list of ids as one query parameter (a JSON array), for `inArray(column,
 * uuidList(ids))`: a user's thousands of products stay within the protocol's
 * 65,535 parameters, where one parameter per id would not.
 */
export const uuidList = (ids: readonly string[]): SQL => sql`(select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json))`;
