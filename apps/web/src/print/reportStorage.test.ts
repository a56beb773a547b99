import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../lib/storage.ts';
import { readReportData, storeReportData } from './reportStorage.ts';

describe('report data in local storage', () => {
  it('is kept per user under the report data key and read back by kind', () => {
    const storage = memoryStorage();
    storeReportData(storage, '7', { kind: 'sequence' });
    expect(Object.keys(storage.dump())).toEqual(['eluent:reportData:7']);
    expect(readReportData(storage, '7', 'sequence')).toEqual({ kind: 'sequence' });
    expect(readReportData(storage, '7', 'injection')).toBeNull();
    expect(readReportData(storage, null, 'sequence')).toBeNull();
  });
});
