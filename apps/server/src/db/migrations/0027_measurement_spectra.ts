// Diode-array spectra of an imported run (docs/formats.md "Spectra"): the `.uv` file's cube, kept with the
// run's first channel (the measurement that stands for the run) as bytea of little-endian doubles, like the
// signal chunks (0021): the times (s), the wavelengths (nm) and the absorbance row by row, one spectrum per
// time. A run has at most one cube per `.uv` file; deleting the run's first channel deletes its spectra.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table measurement_spectra (
      id serial primary key,
      measurement_id integer not null references measurements(id) on delete cascade,
      file_name text not null,
      unit text not null,
      spectra integer not null check (spectra > 0),
      wavelengths integer not null check (wavelengths > 0),
      time_sec bytea not null,
      wavelength_nm bytea not null,
      absorbance bytea not null,
      created_at timestamptz not null default now(),
      unique (measurement_id, file_name)
    )`.execute(db);
}
