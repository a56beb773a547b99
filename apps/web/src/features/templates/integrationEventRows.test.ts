import { describe, expect, it } from 'vitest';
import {
  convertRows,
  eventsOfRows,
  markersOfEvents,
  readEventRow,
  rowOfPick,
  rowsOfEvents,
  type EventRow,
} from './integrationEventRows.ts';

const row = (over: Partial<EventRow>): EventRow => ({
  id: 1,
  kind: 'inhibit',
  from: '',
  to: '',
  value: '',
  ...over,
});

describe('integration event rows', () => {
  it('reads a row in minutes as an event in seconds', () => {
    expect(readEventRow(row({ from: '1.5', to: '2' }), 'min')).toEqual({
      event: { kind: 'inhibit', start_sec: 90, end_sec: 120 },
      errors: {},
    });
    expect(readEventRow(row({ kind: 'area_reject', from: '30', value: '2.5' }), 'sec').event).toEqual({
      kind: 'area_reject',
      start_sec: 30,
      value: 2.5,
    });
  });
  it('puts each refusal beside its cell', () => {
    expect(readEventRow(row({ from: '' }), 'min').errors).toEqual({ from: 'Enter a time' });
    expect(readEventRow(row({ from: 'x', to: '1' }), 'min').errors).toEqual({ from: 'Enter a number' });
    expect(readEventRow(row({ from: '2', to: '1' }), 'min').errors).toEqual({ to: 'Must be after “from”' });
    expect(readEventRow(row({ from: '-1' }), 'min').errors).toEqual({ from: 'Must be 0 or later' });
    expect(readEventRow(row({ kind: 'threshold', from: '1' }), 'min').errors.value).toMatch(
      /^Enter a value above 0/,
    );
    expect(readEventRow(row({ kind: 'peak_width', from: '1', value: '0' }), 'min').errors).toEqual({
      value: 'Enter a value above 0 (s)',
    });
  });
  it('ignores the end of a point event and the value of a kind that takes none', () => {
    expect(readEventRow(row({ kind: 'split_peak', from: '1', to: 'junk', value: 'x' }), 'min')).toEqual({
      event: { kind: 'split_peak', start_sec: 60 },
      errors: {},
    });
  });
  it('saves the valid rows in time order, null when there are none', () => {
    const rows = [
      row({ id: 1, from: '3' }),
      row({ id: 2, from: 'x' }),
      row({ id: 3, kind: 'split_peak', from: '1' }),
    ];
    expect(eventsOfRows(rows, 'min')?.map((event) => event.start_sec)).toEqual([60, 180]);
    expect(eventsOfRows([row({})], 'min')).toBeNull();
  });
  it('shows stored events in the editor unit and back', () => {
    const events = [{ kind: 'threshold' as const, start_sec: 90, end_sec: null, value: 5 }];
    const rows = rowsOfEvents(events, 'min');
    expect(rows).toEqual([{ id: 1, kind: 'threshold', from: '1.5', to: '', value: '5' }]);
    expect(eventsOfRows(rows, 'min')).toEqual([{ kind: 'threshold', start_sec: 90, value: 5 }]);
    expect(convertRows(rows, 'min', 'sec')[0]).toMatchObject({ from: '90', to: '' });
  });
  it('makes a row of a drag in either direction, a click, or a point event', () => {
    expect(rowOfPick('inhibit', 130, 70, 'min', 4)).toEqual({
      id: 4,
      kind: 'inhibit',
      from: '1.1667',
      to: '2.1667',
      value: '',
    });
    expect(rowOfPick('tangent_skim', 30, null, 'sec', 1)).toMatchObject({ from: '30', to: '' });
    expect(rowOfPick('split_peak', 30, 45, 'sec', 1)).toMatchObject({ from: '30', to: '' });
    expect(rowOfPick('inhibit', -3, 12, 'sec', 1)).toMatchObject({ from: '0', to: '12' });
  });
  it('marks ranges as bands and point events as lines', () => {
    expect(
      markersOfEvents([
        { kind: 'inhibit', start_sec: 10, end_sec: 20 },
        { kind: 'force_baseline', start_sec: 30, end_sec: 40 },
        { kind: 'threshold', start_sec: 50, value: 3 },
      ]),
    ).toEqual([
      { label: 'Inhibit integration', startSec: 10, endSec: 20, point: false },
      { label: 'Force baseline', startSec: 30, endSec: null, point: true },
      { label: 'Threshold 3', startSec: 50, endSec: null, point: false },
    ]);
  });
});
