import { describe, expect, it } from 'vitest';
import { domainErrors, type PeakLimits } from '@eluent/contracts';
import { editorStatus, saveRefusal } from './editorStatus.ts';

const peak = (startSec: number, endSec: number): PeakLimits => ({
  startSec,
  endSec,
  baselineStartValue: 0,
  baselineEndValue: 0,
  startCode: 'B',
  stopCode: 'B',
});
const peaks = [peak(60, 90), peak(120, 150)];
const none = { peaks, primary: null, selectionCount: 0, active: null, cursorSec: null };

describe('the peak editor status line', () => {
  it('counts the peaks when none is chosen', () => {
    expect(editorStatus(none)).toBe('2 peaks · none selected');
  });

  it('gives the chosen peak, its limits in minutes and how many are selected', () => {
    expect(editorStatus({ ...none, primary: 1, selectionCount: 1 })).toBe('Peak 2 of 2: 2.000–2.500 min');
    expect(editorStatus({ ...none, primary: 0, selectionCount: 2, active: 'end' })).toBe(
      'Peak 1 of 2 (2 selected): 1.000–1.500 min · end active',
    );
  });

  it('says where the active cursor is, with or without a chosen peak', () => {
    expect(editorStatus({ ...none, active: 'cursor', cursorSec: 100 })).toBe('Cursor at 1.667 min');
    expect(editorStatus({ ...none, primary: 0, selectionCount: 1, active: 'cursor', cursorSec: 75 })).toBe(
      'Peak 1 of 2: 1.000–1.500 min · cursor at 1.250 min',
    );
    expect(editorStatus({ ...none, active: 'start', cursorSec: 100 })).toBe('2 peaks · none selected');
  });
});

describe('saving the staged changes', () => {
  it('asks for changes first, then for a reason', () => {
    expect(saveRefusal(0, 'typo')).toBe(domainErrors.integration_no_changes);
    expect(saveRefusal(2, '  ')).toBe(domainErrors.integration_reason_required);
    expect(saveRefusal(2, 'Shoulder split by hand')).toBeNull();
  });
});
