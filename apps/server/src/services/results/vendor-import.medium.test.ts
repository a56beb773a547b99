// Importing native vendor run folders: an Agilent .D as a zip or as its files, a Waters .raw folder; a run
// becomes one measurement per channel, named by its signal, with the file's own date, method and sample; a
// damaged file is a one-line 400 naming the file, and nothing is stored. The run's .uv spectra are stored as
// bytea beside it and read back exactly: on PGlite and PostgreSQL, whose drivers carry bytea differently.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { domainErrors } from '@eluent/contracts';
import { extractBand, readAgilentUv, spectrumFromLimits } from '@eluent/signal';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asmValidator } from '../../../test/asm-validator.ts';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';

const VENDOR_DIR = fileURLToPath(new URL('../../../../../../shared/data/vendor/', import.meta.url));
const hasData = existsSync(`${VENDOR_DIR}agilent/brown.D/dad1A.ch`);
if (!hasData && process.env.CI) throw new Error(`CI needs the vendor files in ${VENDOR_DIR}`);

function folder(path: string): { name: string; bytes: Uint8Array }[] {
  const name = path.split('/').pop()!;
  return readdirSync(`${VENDOR_DIR}${path}`).map((file) => ({
    name: `${name}/${file}`,
    bytes: new Uint8Array(readFileSync(`${VENDOR_DIR}${path}/${file}`)),
  }));
}

describe.skipIf(!hasData).each(await backends('both'))('importing vendor runs on $name', (backend) => {
  let server: TestServer;
  let token: string;
  let ownerId: number;

  async function send(files: { name: string; bytes: Uint8Array }[]) {
    const form = new FormData();
    for (const file of files) form.append('file', new Blob([file.bytes]), file.name);
    const response = await fetch(`${server.baseUrl}/api/measurements/import/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as any };
  }

  async function storedCount() {
    const rows = await server.context.database.db
      .selectFrom('measurements')
      .select('id')
      .where('owner_id', '=', ownerId)
      .execute();
    return rows.length;
  }

  beforeAll(async () => {
    server = await startTestServer({ backend });
    const user = await signUp(server.baseUrl);
    token = user.access;
    ownerId = user.id;
  });
  afterAll(async () => server?.dispose());

  it('a zipped brown.D becomes five channels with the run’s date and method', async () => {
    const entries = Object.fromEntries(folder('agilent/brown.D').map((file) => [file.name, file.bytes]));
    const imported = await send([{ name: 'brown.D.zip', bytes: zipSync(entries) }]);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const names = imported.body.channels.map((channel: { name: string }) => channel.name);
    expect(names).toEqual([
      'DAD A, Sig=254,10 Ref=off',
      'DAD B, Sig=210,10 Ref=off',
      'DAD C, Sig=230,10 Ref=off',
      'DAD D, Sig=280,10 Ref=off',
      'DAD E, Sig=230,10 Ref=off',
    ]);
    for (const channel of imported.body.channels) expect(channel.points_count).toBe(1351);
    const last = imported.body.channels[4].measurement_id;
    const channels = await request(server.baseUrl, 'GET', `/api/measurements/${last}/channels/`, { token });
    expect(channels.status).toBe(200);
    expect(channels.body.map((channel: { name: string }) => channel.name)).toEqual(names);
    const row = await server.context.database.db
      .selectFrom('measurements')
      .selectAll()
      .where('id', '=', last)
      .executeTakeFirstOrThrow();
    expect(row.channel_of_id).toBe(imported.body.measurement_id);
    expect(row.created_at.toISOString()).toBe('2006-06-17T15:40:38.000Z');
    expect(row.metadata).toMatchObject({
      method_name: 'DD-ALK6B.M',
      acquisition_date: '17-Jun-06, 15:40:38',
    });
    // Each channel is processed on its own.
    const results = await request(server.baseUrl, 'GET', `/api/measurements/${last}/results/`, { token });
    expect(results.body.results).toHaveLength(1);
    // Its ASM document validates against the liquid-chromatography schema and carries its peaks.
    const asm = await request(server.baseUrl, 'GET', `/api/measurements/${last}/asm/`, { token });
    expect(asm.status).toBe(200);
    expect(asm.headers.get('content-disposition')).toBe(
      `attachment; filename="measurement-${last}.asm.json"`,
    );
    expect(asmValidator()(asm.body).errors).toBe('No errors');
    const measurement =
      asm.body['liquid chromatography aggregate document']['liquid chromatography document'][0][
        'measurement aggregate document'
      ]['measurement document'][0];
    expect(measurement['injection document']['injection time']).toBe('2006-06-17T15:40:38.000Z');
    expect(measurement['chromatogram data cube'].data.measures[0]).toHaveLength(1351);
    const peaks =
      measurement['processed data aggregate document']['processed data document'][0]['peak list'].peak;
    expect(peaks.length).toBe(results.body.results[0].peaks.length);
  });

  it('the run keeps its .uv spectra: the spectrum at a time, and against a reference time, from any channel', async () => {
    const files = folder('agilent/brown.D');
    const imported = await send(files);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const cube = readAgilentUv(files.find((file) => file.name.endsWith('dad1.uv'))!.bytes);
    const width = cube.wavelengthNm.length;
    const stored = await server.context.database.db
      .selectFrom('measurement_spectra')
      .select(['measurement_id', 'spectra', 'wavelengths'])
      .execute();
    expect(stored.filter((row) => row.measurement_id === imported.body.measurement_id)).toEqual([
      { measurement_id: imported.body.measurement_id, spectra: 1344, wavelengths: 211 },
    ]);
    // Asked of the fourth channel, at 300.1 s: the spectrum recorded nearest (300.15 s), exactly as the file holds it.
    const channel = imported.body.channels[3].measurement_id;
    const row = cube.timeSec.findIndex((time) => Math.abs(time - 300.15) < 1e-6);
    expect(row).toBeGreaterThan(0);
    const at = await request(server.baseUrl, 'GET', `/api/measurements/${channel}/spectrum/?time_sec=300.1`, {
      token,
    });
    expect(at.status, JSON.stringify(at.body)).toBe(200);
    expect(at.body).toMatchObject({
      time_sec: 300.15,
      reference_time_sec: null,
      reference_end_time_sec: null,
      unit: 'mAU',
      file_name: 'dad1.uv',
    });
    expect(at.body.wavelength_nm).toEqual(Array.from(cube.wavelengthNm));
    expect(at.body.absorbance).toEqual(
      Array.from(cube.absorbance.subarray(row * width, row * width + width)),
    );
    // Baseline-corrected against the spectrum at 10 s.
    const reference = cube.timeSec.findIndex((time) => Math.abs(time - 9.75) < 1e-6);
    const corrected = await request(
      server.baseUrl,
      'GET',
      `/api/measurements/${channel}/spectrum/?time_sec=300.1&reference_sec=9.8`,
      { token },
    );
    expect(corrected.status).toBe(200);
    expect(corrected.body.reference_time_sec).toBe(9.75);
    expect(corrected.body.absorbance).toEqual(
      Array.from(
        { length: width },
        (_, i) => cube.absorbance[row * width + i]! - cube.absorbance[reference * width + i]!,
      ),
    );
    // From a peak's limits: minus the line between the spectra at its start and end, at the spectrum's time.
    const limits = await request(
      server.baseUrl,
      'GET',
      `/api/measurements/${channel}/spectrum/?time_sec=166.1&reference_sec=150&reference_end_sec=180`,
      { token },
    );
    expect(limits.status, JSON.stringify(limits.body)).toBe(200);
    const fromLimits = spectrumFromLimits(cube, 166.1, 150, 180);
    expect(limits.body).toMatchObject({
      time_sec: fromLimits.timeSec,
      reference_time_sec: fromLimits.startSec,
      reference_end_time_sec: fromLimits.endSec,
      absorbance: Array.from(fromLimits.absorbance),
    });
    for (const query of ['reference_sec=180&reference_end_sec=150', 'reference_end_sec=150']) {
      const bad = await request(
        server.baseUrl,
        'GET',
        `/api/measurements/${channel}/spectrum/?time_sec=166&${query}`,
        { token },
      );
      expect(bad.status, query).toBe(400);
    }
    // A chromatogram extracted at any wavelength and bandwidth: the band of the stored cube at every spectrum.
    const band = await request(
      server.baseUrl,
      'GET',
      `/api/measurements/${channel}/band/?centre_nm=279.5&bandwidth_nm=9`,
      { token },
    );
    expect(band.status, JSON.stringify(band.body)).toBe(200);
    expect(band.body.unit).toBe('mAU');
    expect(band.body.time_sec).toEqual(Array.from(cube.timeSec));
    expect(band.body.signal).toEqual(Array.from(extractBand(cube, 279.5, 9)));
    for (const query of [
      '',
      '?centre_nm=x',
      '?centre_nm=500&bandwidth_nm=4',
      '?centre_nm=280&bandwidth_nm=-1',
    ]) {
      const bad = await request(server.baseUrl, 'GET', `/api/measurements/${channel}/band/${query}`, {
        token,
      });
      expect(bad.status, query).toBe(400);
    }
    // Refusals: no time, a time that is not a number, a measurement without spectra.
    for (const query of ['', '?time_sec=', '?time_sec=abc', '?time_sec=1&reference_sec=Infinity']) {
      const bad = await request(server.baseUrl, 'GET', `/api/measurements/${channel}/spectrum/${query}`, {
        token,
      });
      expect(bad.status, query).toBe(400);
    }
    const waters = await send(folder('waters/white.raw'));
    const none = await request(
      server.baseUrl,
      'GET',
      `/api/measurements/${waters.body.measurement_id}/spectrum/?time_sec=1`,
      { token },
    );
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('measurement_spectra_not_found');
    const noBand = await request(
      server.baseUrl,
      'GET',
      `/api/measurements/${waters.body.measurement_id}/band/?centre_nm=254`,
      { token },
    );
    expect(noBand.status).toBe(404);
    const other = await signUp(server.baseUrl);
    const foreign = await request(
      server.baseUrl,
      'GET',
      `/api/measurements/${channel}/spectrum/?time_sec=1`,
      {
        token: other.access,
      },
    );
    expect(foreign.status).toBe(404);
  });

  it('the files of white.raw dropped together become two traces named by _CHROMS.INF', async () => {
    const imported = await send(folder('waters/white.raw'));
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body.channels.map((channel: { name: string }) => channel.name)).toEqual([
      'System Pressure',
      '% B',
    ]);
    const row = await server.context.database.db
      .selectFrom('measurements')
      .selectAll()
      .where('id', '=', imported.body.measurement_id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('20210920 B-012 (white.raw)');
    expect(row.signal_unit).toBe('psi');
    expect(row.created_at.toISOString()).toBe('2021-09-20T18:09:55.000Z');
  });

  it('a truncated channel is a 400 naming the file, and no channel of the run is stored', async () => {
    const before = await storedCount();
    const files = folder('agilent/brown.D');
    const damaged = files.map((file) =>
      file.name.endsWith('dad1C.ch') ? { ...file, bytes: file.bytes.subarray(0, 2000) } : file,
    );
    const refused = await send(damaged);
    expect(refused).toEqual({
      status: 400,
      body: {
        code: 'measurement_file_vendor_corrupt',
        detail: domainErrors.measurement_file_vendor_corrupt,
        reason:
          'dad1C.ch: Agilent .ch version 30: the file is truncated, it ends at byte 2000 before its samples (byte 2000)',
      },
    });
    const unknown = files.map((file) =>
      file.name.endsWith('dad1A.ch')
        ? { ...file, bytes: Uint8Array.from([3, 0x39, 0x39, 0x39, ...file.bytes.subarray(4)]) }
        : file,
    );
    const version = await send(unknown);
    expect(version.status).toBe(400);
    expect(version.body).toMatchObject({
      code: 'measurement_file_vendor_version',
      reason: expect.stringMatching(/^dad1A\.ch: Agilent \.ch file version "999" is not supported/),
    });
    const pressure = await send(folder('waters/white.raw'));
    const refusedAsm = await request(
      server.baseUrl,
      'GET',
      `/api/measurements/${pressure.body.measurement_id}/asm/`,
      {
        token,
      },
    );
    expect(refusedAsm.status).toBe(422);
    expect(refusedAsm.body.code).toBe('measurement_asm_unit');
    const notZip = await send([{ name: 'brown.D.zip', bytes: Uint8Array.from([0x50, 0x4b, 3, 4, 1, 2, 3]) }]);
    expect(notZip.status).toBe(400);
    expect(notZip.body.code).toBe('measurement_file_archive_invalid');
    expect(notZip.body.reason).toMatch(/^brown\.D\.zip: the zip archive cannot be read/);
    expect(await storedCount()).toBe(before + 2);
  });
});
