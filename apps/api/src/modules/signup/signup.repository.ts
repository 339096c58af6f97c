/** The queries of sign-up. Sign-in names are global (people sign in before their company is known), so these are too. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../lib/sql.js';

/** Whether the user name is taken by anyone, and the e-mail by an account (an employee with a password). */
export async function takenSignInNames(db: Db, username: string, email: string): Promise<{ usernameTaken: boolean; emailTaken: boolean }> {
  const result = await db.execute(sql`
    select
      exists (select 1 from employees where lower(username) = lower(${username})) as username_taken,
      exists (select 1 from employees where lower(email) = lower(${email}) and password_hash is not null) as email_taken`);
  const row = rowsOf<{ username_taken: boolean; email_taken: boolean }>(result)[0];
  return { usernameTaken: Boolean(row?.username_taken), emailTaken: Boolean(row?.email_taken) };
}
