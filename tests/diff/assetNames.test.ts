import { describe, expect, it } from 'vitest';
import { withoutAssetHashes } from '../../src/diff/assetNames.ts';

const page = (text: string) => withoutAssetHashes(Buffer.from(text));

describe('asset hashes in page bytes', () => {
  it('reads the same page the same when only its assets were renamed', () => {
    const before =
      '<link rel="stylesheet" href="/assets/site-2nrxJfFgsn.css"><script type="module" src="/assets/loader-RRKSZM5T.js"></script><sitegen-island data-src="/assets/island-NavMenus-2POPKNUT.js" data-props="{&quot;data&quot;:&quot;/assets/blog/C0HH3His8Xol/&quot;}">';
    const after =
      '<link rel="stylesheet" href="/assets/site-jmARjpDI4K.css"><script type="module" src="/assets/loader-ZZ5QWERT.js"></script><sitegen-island data-src="/assets/island-NavMenus-ABCDEFGH.js" data-props="{&quot;data&quot;:&quot;/assets/blog/aZpPtkcGZ4q2/&quot;}">';
    expect(page(after)).toBe(page(before));
    expect(page(before)).toContain('/assets/island-NavMenus-#.js');
    expect(page(before)).toContain('/assets/blog/#/&quot;');
  });

  it('still tells apart pages that point at different assets, or say different things', () => {
    expect(page('<script src="/assets/island-FaqList-2POPKNUT.js">')).not.toBe(page('<script src="/assets/island-NavMenus-2POPKNUT.js">'));
    expect(page('<a href="/assets/site-2nrxJfFgsn.css">Styles</a>')).not.toBe(page('<a href="/assets/site-2nrxJfFgsn.css">Stylesheet</a>'));
    expect(page('<img src="/images/logos/northwind-rowing.svg">')).not.toBe(page('<img src="/images/logos/northwind-racing.svg">'));
  });

  it('passes bytes that are not text through unharmed', () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe]);
    expect(Buffer.from(withoutAssetHashes(bytes), 'latin1').equals(bytes)).toBe(true);
  });
});
