// A method's high-pressure shut-off beside its low-pressure one (`pressure_min`): the pump stops above it,
// and a run whose planned pressure exceeds it is refused (docs/methods.md "Pressure shut-offs").
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table methods add column pressure_max double precision`.execute(db);
}
