import { describe, expect, it } from 'vitest';
import { domainErrors } from '@eluent/contracts';
import { idleRunText, runButtons } from './runStatus.ts';

const actions = (...args: Parameters<typeof runButtons>) => runButtons(...args).map((item) => item.action);

describe('run buttons', () => {
  it('offers start to a new, stopped or failed run, never to a finished one', () => {
    expect(actions('NEW', true, false)).toEqual(['start']);
    expect(actions('STOPPED', true, false)).toEqual(['start']);
    expect(actions('ERROR', true, false)).toEqual(['start']);
    expect(actions('FINISHED', true, false)).toEqual([]);
  });

  it('offers pause and stop while running, resume and stop while paused', () => {
    expect(actions('RUNNING', true, false)).toEqual(['pause', 'stop']);
    expect(actions('PAUSED', true, false)).toEqual(['resume', 'stop']);
  });

  it('leaves resume to the interruption choices, and offers nothing to a role that may not run', () => {
    expect(actions('PAUSED', true, true)).toEqual(['stop']);
    expect(actions('RUNNING', false, false)).toEqual([]);
  });
});

describe('the status line of a run that is not going', () => {
  it('says not started, stopped or finished', () => {
    expect(idleRunText('NEW', null)).toBe('Not started yet.');
    expect(idleRunText('STOPPED', null)).toBe('The run is stopped.');
    expect(idleRunText('FINISHED', null)).toBe('The run is finished.');
  });

  it('names the error in the catalogue words', () => {
    expect(idleRunText('ERROR', null)).toBe('Stopped with an error.');
    expect(idleRunText('ERROR', 'device_error_17')).toBe(
      `Stopped with an error: ${domainErrors.sequence_instrument_error}`,
    );
  });
});
