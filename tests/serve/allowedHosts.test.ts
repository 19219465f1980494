import { describe, expect, it } from 'vitest';
import { allowedHostProblem, hostRule } from '../../src/serve/allowedHosts.ts';

const answered = (rule: ReturnType<typeof hostRule>, host: string | undefined, origin?: string) => rule.refusal(host, origin) === undefined;

describe('the names a preview server answers', () => {
  it('are the loopback’s, with any port or none, in any case', () => {
    const rule = hostRule();
    for (const host of ['localhost', 'localhost:4173', 'LOCALHOST:4173', 'docs.localhost:4173', '127.0.0.1', '127.0.0.1:80', '[::1]', '[::1]:4173'])
      expect(answered(rule, host), host).toBe(true);
  });

  it('are never another name, however it is dressed up as the loopback (DNS rebinding)', () => {
    const rule = hostRule();
    for (const host of [
      'attacker.example:4197',
      'attacker.example',
      'localhost.attacker.example',
      '127.0.0.1.nip.io:4173',
      'localhost@attacker.example',
      'attacker.example@localhost',
      'localhost:4173:80',
      'localhost:abc',
      'localhost/attacker.example',
      'localhost\\attacker.example',
      'localhost attacker.example',
      'localhost.',
      '127.0.0.2',
      '0.0.0.0:4173',
      '[::1',
      '[::ffff:7f00:1]:4173',
      '',
    ])
      expect(answered(rule, host), host).toBe(false);
    expect(rule.refusal('attacker.example:4197', undefined)).toBe(
      'refused a request for host "attacker.example:4197": this server answers only localhost, 127.0.0.1 and [::1]; to open it under that name, start it with --allowed-host NAME',
    );
    expect(rule.refusal(undefined, undefined)).toBe('refused a request without a Host header');
  });

  it('add the names a user allows, and only those', () => {
    const rule = hostRule(['Preview.Example.test', '192.168.1.20']);
    for (const host of ['preview.example.test', 'preview.example.test:8080', '192.168.1.20:4173', 'localhost:4173'])
      expect(answered(rule, host), host).toBe(true);
    for (const host of ['example.test', 'x.preview.example.test', '192.168.1.21']) expect(answered(rule, host), host).toBe(false);
  });

  it('refuse a request sent by a page of another origin, even to the loopback’s name', () => {
    const rule = hostRule();
    for (const origin of ['http://localhost:4173', 'http://127.0.0.1:4173', 'http://[::1]:4173', 'https://localhost'])
      expect(answered(rule, 'localhost:4173', origin), origin).toBe(true);
    for (const origin of ['https://attacker.example', 'http://localhost.attacker.example', 'null', 'file://', 'chrome-extension://abc', 'not a url'])
      expect(answered(rule, 'localhost:4173', origin), origin).toBe(false);
    expect(rule.refusal('localhost:4173', 'https://attacker.example')).toBe(
      'refused a request from a page of "https://attacker.example": only pages of localhost, 127.0.0.1 and [::1] may use this server',
    );
  });

  it('show a hostile Host on one line', () => {
    expect(hostRule().refusal('evil\u001b[2J', undefined)).toContain('"evil\\u001b[2J"');
  });
});

describe('a name given to --allowed-host', () => {
  it('is a host name or an address, never a port, a scheme or a pattern', () => {
    for (const name of ['preview.example.test', 'devbox', '192.168.1.20', '[fd00::1]']) expect(allowedHostProblem(name), name).toBeUndefined();
    for (const name of ['preview.example.test:8080', 'https://preview.example.test', '*.example.test', '', 'a b', '-bad.example'])
      expect(allowedHostProblem(name), name).toMatch(/is not a host name: give a name such as preview\.example\.test/);
  });
});
