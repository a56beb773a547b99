import { expect, it } from 'vitest';
import { tooltipOptions } from './Tooltip.tsx';

it('uses the shared view defaults: max width 350, distance 10, z-index 9999 (spec §9)', () => {
  expect(tooltipOptions('shared')).toEqual({ maxWidth: 350, offset: [0, 10], zIndex: 9999 });
});

it('uses the app set: show after 100 ms, hide after 67 ms, max width 300, arrow', () => {
  expect(tooltipOptions('app')).toMatchObject({ delay: [100, 67], maxWidth: 300, arrow: true });
});
