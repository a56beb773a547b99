import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const base = { ELUENT_DATA_DIR: '/tmp/eluent-config-test', ELUENT_SECRET: 'x'.repeat(40) };

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig(base);
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.simulators).toBe(0);
    expect(config.simulatorSpeed).toBe(1);
    expect(config.demo).toBe(false);
    expect(config.instrumentReadyWaitSec).toBe(30);
    expect(config.runDeliveryGraceSec).toBe(5);
    expect(config.reconcileIntervalSec).toBe(5);
    // simplejwt's lifetimes: an access token of 5 minutes, a refresh token of a day.
    expect(config.accessTokenLifetimeSec).toBe(300);
    expect(config.refreshTokenLifetimeSec).toBe(86_400);
    expect(config.auditCheckpoints).toEqual({
      file: '/tmp/eluent-config-test/audit-checkpoints.jsonl',
      intervalSec: 3600,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.version).toBe('1.21.0');
  });

  it('reads every variable', () => {
    const config = loadConfig({
      ...base,
      PORT: '9000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@localhost/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
      ELUENT_SIMULATORS: '3',
      ELUENT_SIM_SPEED: '50',
      ELUENT_INSTRUMENT_READY_WAIT_SEC: '8',
      ELUENT_RUN_DELIVERY_GRACE_SEC: '1',
      ELUENT_RECONCILE_INTERVAL_SEC: '0.5',
      ELUENT_DEMO: 'true',
      SMTP_URL: 'smtp://localhost:25',
      GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@localhost/db',
      redisUrl: 'redis://127.0.0.1:6379',
      simulators: 3,
      simulatorSpeed: 50,
      instrumentReadyWaitSec: 8,
      runDeliveryGraceSec: 1,
      reconcileIntervalSec: 0.5,
      demo: true,
      smtpUrl: 'smtp://localhost:25',
      googleClientId: 'abc.apps.googleusercontent.com',
    });
  });

  it('takes the audit checkpoint file relative to the data folder, or as given, and the interval', () => {
    expect(
      loadConfig({
        ...base,
        ELUENT_AUDIT_CHECKPOINT_FILE: 'kept/chain.jsonl',
        ELUENT_AUDIT_CHECKPOINT_INTERVAL_SEC: '0',
      }).auditCheckpoints,
    ).toEqual({ file: '/tmp/eluent-config-test/kept/chain.jsonl', intervalSec: 0 });
    expect(
      loadConfig({ ...base, ELUENT_AUDIT_CHECKPOINT_FILE: '/mnt/lab/chain.jsonl' }).auditCheckpoints.file,
    ).toBe('/mnt/lab/chain.jsonl');
    expect(() => loadConfig({ ...base, ELUENT_AUDIT_CHECKPOINT_INTERVAL_SEC: 'hourly' })).toThrow(
      /ELUENT_AUDIT_CHECKPOINT_INTERVAL_SEC/,
    );
  });

  it('refuses invalid values naming each variable', () => {
    const attempt = () =>
      loadConfig({
        ...base,
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x/y',
        ELUENT_SIM_SPEED: '-1',
        ELUENT_DEMO: 'maybe',
        ELUENT_INSTRUMENT_READY_WAIT_SEC: '0',
        ELUENT_RUN_DELIVERY_GRACE_SEC: 'soon',
        ELUENT_RECONCILE_INTERVAL_SEC: '0',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('Invalid configuration');
      for (const name of [
        'PORT',
        'DATABASE_URL',
        'ELUENT_SIM_SPEED',
        'ELUENT_DEMO',
        'ELUENT_INSTRUMENT_READY_WAIT_SEC',
        'ELUENT_RUN_DELIVERY_GRACE_SEC',
        'ELUENT_RECONCILE_INTERVAL_SEC',
      ])
        expect(message).toContain(name);
    }
  });

  it('refuses a short secret', () => {
    expect(() => loadConfig({ ...base, ELUENT_SECRET: 'short' })).toThrow(/ELUENT_SECRET/);
  });

  it('reads the public URL as an origin and refuses one with a path', () => {
    expect(loadConfig(base).publicUrl).toBeUndefined();
    expect(loadConfig({ ...base, ELUENT_PUBLIC_URL: 'https://Eluent.Example.com/' }).publicUrl).toBe(
      'https://eluent.example.com',
    );
    expect(() => loadConfig({ ...base, ELUENT_PUBLIC_URL: 'https://eluent.example.com/app' })).toThrow(
      /ELUENT_PUBLIC_URL/,
    );
    expect(() => loadConfig({ ...base, ELUENT_PUBLIC_URL: 'ftp://eluent.example.com' })).toThrow(
      /ELUENT_PUBLIC_URL/,
    );
  });
});
