import { describe, expect, it } from 'vitest';
import { bandOf, overlayParam } from './viewerAddress.ts';

describe('the overlaid channels of the address', () => {
  it('reads positive whole ids, at most six', () => {
    expect(overlayParam('12,13')).toEqual([12, 13]);
    expect(overlayParam('0,-3,1.5,x,7')).toEqual([7]);
    expect(overlayParam('1,2,3,4,5,6,7')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(overlayParam(null)).toEqual([]);
  });
});

describe('the band to extract', () => {
  it('takes the wavelength and bandwidth as typed', () => {
    expect(bandOf({ centre: '254', width: '4' })).toEqual({ centre: 254, width: 4 });
    expect(bandOf({ centre: '254', width: '0' })).toEqual({ centre: 254, width: 0 });
  });

  it('draws nothing for an empty or mistyped wavelength or a negative bandwidth', () => {
    expect(bandOf({ centre: ' ', width: '4' })).toBeNull();
    expect(bandOf({ centre: 'abc', width: '4' })).toBeNull();
    expect(bandOf({ centre: '254', width: '-1' })).toBeNull();
  });
});
