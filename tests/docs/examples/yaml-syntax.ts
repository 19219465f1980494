import { withExampleSite } from '../../helpers/docExamples.ts';

/** `sitegen check` on a page whose YAML is broken in many places: the first mistake, a key indented too far, said once in plain words. */
export default () =>
  withExampleSite(async (copy) => {
    await copy.write(
      'pages/about.yaml',
      [
        'title: About',
        'hero:',
        '  heading: We help',
        '    subheading: wrong indent',
        'sections:',
        '  - a: 1',
        '   b: 2',
        '  - c: 3',
        '    d: [1, 2',
        'e: }',
        'f: {',
        '',
      ].join('\n'),
    );
    const { stdout } = await copy.run('check');
    return `$ npx sitegen check\n${stdout}`;
  });
