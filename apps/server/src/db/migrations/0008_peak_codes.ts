// Peak separation codes: how each peak starts and ends (B baseline, V valley drop line, T tangent skim,
// S shoulder), as the processing core reports them; null for peaks stored before codes were kept.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table peaks add column start_code text`.execute(db);
  await sql`alter table peaks add column stop_code text`.execute(db);
}
