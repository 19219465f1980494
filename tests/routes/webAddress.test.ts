import { describe, expect, it } from 'vitest';
import { readWebAddress } from '../../src/routes/webAddress.ts';
import { seededRandom } from '../helpers/project.ts';

const fault = (written: string) => {
  const read = readWebAddress(written);
  return 'fault' in read ? read.fault : read.href;
};

describe('an address of another site', () => {
  it('is taken as the URL parser serialises it when that is what was written', () => {
    expect(fault('https://example.com')).toBe('https://example.com/');
    expect(fault('https://Example.COM/a?b=1#c')).toBe('https://example.com/a?b=1#c');
    expect(fault('https://example.com:8443/path/to%20page')).toBe('https://example.com:8443/path/to%20page');
    expect(fault('http://localhost:9000')).toBe('http://localhost:9000/');
    expect(fault('https://[::1]:8443/')).toBe('https://[::1]:8443/');
  });

  it('is refused when a browser would go to another host than the one written', () => {
    for (const written of [
      'https:///x',
      'https:x',
      'https:/x',
      'https://user@good.example/',
      'https://evil.example@good.example/',
      'https://evil.example\\@good.example/',
      'https://0x7f.1/',
      'https://2130706433/',
      'https://example.com:443/',
      'https://bücher.example/',
      // The Kelvin sign, which the parser folds to k: the host read is not the one written.
      'https://\u212Aelvin.example/',
      'ftp://example.com/',
      'https://',
      'not a url',
    ])
      expect(fault(written), written).toBe('host');
  });

  it('is refused when a browser would change its other characters', () => {
    for (const written of [
      'https://example.com/a b',
      'https://example.com/"><script>',
      'https://example.com/a/../b',
      'https://example.com/%2e%2e/b',
      'https://example.com/été',
      'https://example.com/a\\b',
    ])
      expect(fault(written), written).toMatch(/^(text|host)$/);
    expect(fault('https://example.com/a b')).toBe('text');
  });

  it('when taken, always leads where it says: the parser’s host is the one written, and its serialisation the text written (seeded)', () => {
    const pieces = [
      'https://',
      'https:',
      'http://',
      '//',
      '/',
      '\\',
      '@',
      ':',
      '443',
      '8080',
      'example.com',
      'EXAMPLE.com',
      'évil',
      '0x7f',
      '.',
      '..',
      '%2e',
      '%2F',
      '?',
      '#',
      ' ',
      '"',
      '<',
      '>',
      'a',
      '[::1]',
      '\t',
      '%',
    ];
    const random = seededRandom(41);
    let taken = 0;
    for (let i = 0; i < 3000; i++) {
      let written = random() < 0.7 ? 'https://' : '';
      const length = 1 + Math.floor(random() * 6);
      for (let j = 0; j < length; j++) written += pieces[Math.floor(random() * pieces.length)];
      const read = readWebAddress(written);
      if (!('href' in read)) continue;
      taken++;
      const url = new URL(written);
      expect(written.toLowerCase().startsWith(`${url.protocol}//${url.host}`), written).toBe(true);
      expect([written.toLowerCase(), `${written.toLowerCase()}/`], written).toContain(url.href.toLowerCase());
      expect(url.username + url.password, written).toBe('');
    }
    expect(taken).toBeGreaterThan(100);
  });
});
