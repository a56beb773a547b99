// The caffeine assay's samples for the assay tests, made through the public API: two standards whose expected
// retention time is typed wrong (0.30 min; caffeine elutes near 5.5 min) and a drink.
import type { APIRequestContext } from '@playwright/test';
import { api } from './share-data.ts';

export interface SampleCommon {
  device_id: number;
  method_id: number;
  column_name: string;
}

export async function caffeineAssaySamples(
  request: APIRequestContext,
  token: string,
  common: SampleCommon,
  stamp: number,
) {
  const standard = (amount: number) =>
    api<{ id: number }>(request, token, 'POST', '/api/standards/', {
      ...common,
      name: `Caffeine ${amount} ${stamp}`,
      analytes: [
        { analyte: 'caffeine', amount, amount_unit: 'µg/mL', retention_time_sec: 18, window_sec: 3 },
      ],
    });
  const low = await standard(25);
  const high = await standard(100);
  const drink = await api<{ id: number }>(request, token, 'POST', '/api/samples/', {
    ...common,
    name: `Drink ${stamp}`,
  });
  return { low, high, drink };
}
