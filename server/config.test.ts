import path from 'node:path';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config.js';

describe('readConfig', () => {
  it('has the defaults README.md lists (Configuration)', () => {
    const c = readConfig({});
    expect(c.port).toBe(8080);
    expect(c.host).toBe('127.0.0.1');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(path.isAbsolute(c.dataDir)).toBe(true);
    expect(c.adminEmail).toBe('admin@example.org');
    expect(c.adminPassword).toBeUndefined();
    expect(c.demoPassword).toBeUndefined();
    expect(c.jwtSecret).toBeUndefined();
    expect(c.smtpUrl).toBeUndefined();
    expect(c.appName).toBe('Flock');
    expect(c.passwordCost).toEqual({ memoryKiB: 19_456, timeCost: 2, parallelism: 1 });
    expect(c.hashGate).toMatchObject({ concurrency: os.availableParallelism(), perAddress: 2 });
    // Unset: decided at seeding (on for a fresh embedded database).
    expect(c.seedDemo).toBeUndefined();
  });

  it('reads the environment', () => {
    const c = readConfig({
      PORT: '9090',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@db:5432/flock',
      DATA_DIR: 'var/flock',
      ADMIN_PASSWORD: 'Admin-pass-9',
      DEMO_PASSWORD: 'Demo-pass-9',
      APP_NAME: 'Grace Chapel',
    });
    expect(c).toMatchObject({
      port: 9090,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@db:5432/flock',
      dataDir: path.resolve('var/flock'),
      adminPassword: 'Admin-pass-9',
      demoPassword: 'Demo-pass-9',
      appName: 'Grace Chapel',
    });
  });

  it('reads PUBLIC_URL without its trailing slash, and refuses what is not an http(s) address (docs/decisions/0237)', () => {
    expect(readConfig({}).publicUrl).toBeUndefined();
    expect(readConfig({ PUBLIC_URL: ' https://flock.example.org/ ' }).publicUrl).toBe('https://flock.example.org');
    expect(readConfig({ PUBLIC_URL: 'https://example.org/flock/' }).publicUrl).toBe('https://example.org/flock');
    expect(() => readConfig({ PUBLIC_URL: 'flock.example.org' })).toThrow(/PUBLIC_URL must be an http or https address/);
    expect(() => readConfig({ PUBLIC_URL: 'ftp://flock.example.org' })).toThrow(/PUBLIC_URL must be an http or https address/);
  });

  it('normalises ADMIN_EMAIL to trimmed lower case, as emails are stored', () => {
    expect(readConfig({ ADMIN_EMAIL: '  Pastor.Admin@Example.ORG ' }).adminEmail).toBe('pastor.admin@example.org');
  });

  it('treats empty variables as unset', () => {
    const c = readConfig({ DATABASE_URL: '', ADMIN_PASSWORD: '', DATA_DIR: '', SEED_DEMO: '' });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.adminPassword).toBeUndefined();
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.seedDemo).toBeUndefined();
  });

  it.each([
    ['1', true],
    ['true', true],
    ['TRUE', true],
    ['yes', true],
    ['on', true],
    ['0', false],
    ['false', false],
    ['no', false],
    ['off', false],
  ])('parses SEED_DEMO=%s as %s', (value, expected) => {
    expect(readConfig({ SEED_DEMO: value }).seedDemo).toBe(expected);
  });

  it('reads AUDIT_RETENTION_DAYS: unset keeps the trail forever, a bad value stops the start', () => {
    expect(readConfig({}).auditRetentionDays).toBeUndefined();
    expect(readConfig({ AUDIT_RETENTION_DAYS: ' 365 ' }).auditRetentionDays).toBe(365);
    for (const bad of ['0', '-3', '1.5', 'a year']) expect(() => readConfig({ AUDIT_RETENTION_DAYS: bad })).toThrow(/AUDIT_RETENTION_DAYS/);
  });

  it('reads SMTP_CONNECTIONS and SMTP_RATE: five connections and no rate unless set, a bad value stops the start', () => {
    expect(readConfig({}).smtp).toEqual({ connections: 5, perSecond: undefined });
    expect(readConfig({ SMTP_CONNECTIONS: '2', SMTP_RATE: ' 14 ' }).smtp).toEqual({ connections: 2, perSecond: 14 });
    expect(() => readConfig({ SMTP_CONNECTIONS: '0' })).toThrow(/SMTP_CONNECTIONS must be a whole number, 1 or more/);
    expect(() => readConfig({ SMTP_RATE: 'fast' })).toThrow(/SMTP_RATE/);
  });

  it('reads the backup settings: a schedule by name, the number kept, and stops the start on a bad one', () => {
    expect(readConfig({})).toMatchObject({ backupEveryMs: undefined, backupKeep: 7 });
    expect(readConfig({}).backupDir).toMatch(/backups$/);
    expect(readConfig({ BACKUP_SCHEDULE: 'Daily', BACKUP_KEEP: '3' })).toMatchObject({ backupEveryMs: 86_400_000, backupKeep: 3 });
    expect(readConfig({ BACKUP_SCHEDULE: 'off' }).backupEveryMs).toBeUndefined();
    expect(() => readConfig({ BACKUP_SCHEDULE: 'every day' })).toThrow(/BACKUP_SCHEDULE/);
    for (const bad of ['0', '-1', 'all']) expect(() => readConfig({ BACKUP_KEEP: bad })).toThrow(/BACKUP_KEEP/);
  });
});
