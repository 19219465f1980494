import { describe, expect, it } from 'vitest';
import { PLAIN_BUILD, type BuildMode } from '../../src/hosting/buildMode.ts';
import { siteFitProblem } from '../../src/publish/siteFit.ts';

const mode = (changes: Partial<BuildMode>): BuildMode => ({ ...PLAIN_BUILD, ...changes });

describe('where a built site may be published', () => {
  it('publishes a plain build at the root, and a preview at the prefix its base names, drafts and all', () => {
    expect(siteFitProblem('dist', PLAIN_BUILD, '')).toBeUndefined();
    expect(siteFitProblem('dist', mode({ siteUrl: 'https://www.touchline.example' }), '')).toBeUndefined();
    expect(siteFitProblem('dist', mode({ base: '/previews/pr-7' }), 'previews/pr-7/')).toBeUndefined();
    expect(
      siteFitProblem('dist', mode({ base: '/previews/pr-7', drafts: true, siteUrl: 'https://preview.touchline.example' }), 'previews/pr-7/'),
    ).toBeUndefined();
  });

  it('refuses what must not go live, saying what to run instead', () => {
    const cases: [BuildMode | undefined, string, string][] = [
      [
        mode({ drafts: true }),
        '',
        "dist is a build with --drafts: its drafts and scheduled articles are for previews, never the live site at the bucket's root; build it without --drafts to publish it here (watch's output is never published)",
      ],
      [
        mode({ base: '/previews/pr-7', drafts: true }),
        '',
        'dist is a build with --drafts --base /previews/pr-7, whose links lead into /previews/pr-7: publish it with --prefix previews/pr-7/, or build the live site without --base',
      ],
      [
        PLAIN_BUILD,
        'previews/pr-7/',
        "dist is a plain build, whose links lead to the bucket's root, not into previews/pr-7/: build it with --base /previews/pr-7 to publish it at --prefix previews/pr-7/",
      ],
      [
        mode({ drafts: true }),
        'previews/pr-7/',
        "dist is a build with --drafts, whose links lead to the bucket's root, not into previews/pr-7/: build it with --base /previews/pr-7 to publish it at --prefix previews/pr-7/",
      ],
      [
        mode({ base: '/previews/pr-7' }),
        'previews/pr-8/',
        'dist is a build with --base /previews/pr-7, whose links lead into /previews/pr-7, not into previews/pr-8/: build it with --base /previews/pr-8, or publish it with --prefix previews/pr-7/',
      ],
      [
        undefined,
        '',
        "dist does not say how it was built (it has no .sitegen-output marker with its mode: not sitegen's output, or made by a sitegen before 1.2): build it again with `sitegen build`",
      ],
    ];
    for (const [built, prefix, problem] of cases) expect(siteFitProblem('dist', built, prefix), `${JSON.stringify(built)} at ${prefix}`).toBe(problem);
  });
});
