// Public API of the processing core; pure functions usable in the browser, a Web Worker and Node.
export * from './peaks/findPeaks.ts';
export * from './peaks/localMaxima.ts';
export * from './peaks/peakProminences.ts';
export * from './peaks/peakWidths.ts';
export * from './peaks/selectByPeakDistance.ts';
