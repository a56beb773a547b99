// The public static file of default template values (spec §7) must stay equal to the contracts defaults.
import { describe, expect, it } from 'vitest';
import { templateDefaults } from '@eluent/contracts';
import defaultsFile from '../../../public/postprocessing-template-defaults.json';

describe('public/postprocessing-template-defaults.json', () => {
  it('equals templateDefaults of @eluent/contracts', () => {
    expect(defaultsFile).toEqual(templateDefaults);
  });
});
