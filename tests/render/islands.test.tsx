import { useId } from 'react';
import { describe, expect, it } from 'vitest';
import { Island } from '../../src/islands/Island.tsx';
import { linkIslands, renderWithIslands, serializeProps } from '../../src/render/islands.tsx';

function Counter({ start, label }: { start: number; label: string }) {
  const id = useId();
  return (
    <label htmlFor={id}>
      {label}
      <input id={id} defaultValue={start} />
    </label>
  );
}
function NotRegistered() {
  return <p>plain</p>;
}

const names = new Map<unknown, string>([[Counter, 'Counter']]);
const urls = new Map([['Counter', '/assets/island-Counter-abc.js']]);

describe('islands', () => {
  it('renders each island in place with serialized props and a unique identifier prefix', () => {
    const rendered = renderWithIslands(
      <main>
        <Island of={Counter} props={{ start: 1, label: 'A "quoted" <label>' }} when="visible" />
        <Island of={Counter} props={{ start: 2, label: 'B' }} />
      </main>,
      names,
      '',
    );
    const { islands } = rendered;
    const html = linkIslands(rendered.html, urls, '');
    expect(islands).toEqual(['Counter']);
    expect(html).toContain(
      '<sitegen-island data-island="Counter" data-src="/assets/island-Counter-abc.js" data-when="visible" data-prefix="i0-" data-props="{&quot;start&quot;:1,&quot;label&quot;:&quot;A \\&quot;quoted\\&quot; &lt;label&gt;&quot;}">',
    );
    expect(html).toContain('data-when="idle" data-prefix="i1-"');
    expect(rendered.html).not.toContain('data-src');
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/^_?i0-/);
    expect(ids[1]).toMatch(/^_?i1-/);
  });

  it('leaves pages without islands without any', () => {
    expect(renderWithIslands(<p>static</p>, names, '')).toEqual({ html: '<p>static</p>', islands: [], propsFiles: [], images: [] });
  });

  it('puts shared props in one file named by its content, and keeps the others in the markup', () => {
    const page = (label: string | undefined, start: number) =>
      renderWithIslands(<Island of={Counter} props={{ start, label: label as string }} when="interaction" shared={['start']} />, names, '/preview');
    const [first, second, other] = [page('Here', 3), page(undefined, 3), page('Here', 4)];
    const [[file, json]] = first.propsFiles as [[string, string]];
    expect(file).toMatch(/^assets\/props\/Counter-[A-Za-z0-9]{12}\.json$/);
    expect(JSON.parse(json)).toEqual({ start: 3 });
    // Under a base, the markup names the file where it is published; the page's own props stay inline.
    expect(first.html).toContain(`data-props-src="/preview/${file}" data-props="{&quot;label&quot;:&quot;Here&quot;}"`);
    // Another page with the same shared props names the same file; with none of its own, it has no data-props.
    expect(second.propsFiles).toEqual(first.propsFiles);
    expect(second.html).toContain(`data-props-src="/preview/${file}">`);
    expect(second.html).not.toContain('data-props=');
    expect(other.propsFiles[0]![0]).not.toBe(file);
  });

  it('refuses a component that is not a registered island', () => {
    expect(() => renderWithIslands(<Island of={NotRegistered} props={{}} />, names, '')).toThrow(/NotRegistered is not an island/);
  });

  it('uses the prefix it is given, so separately rendered parts of a page never share ids', () => {
    expect(renderWithIslands(<Island of={Counter} props={{ start: 0, label: 'x' }} />, names, '', 'b').html).toContain('data-prefix="b0-"');
  });

  it('refuses to link an island that has no browser bundle', () => {
    expect(() => linkIslands('<sitegen-island data-island="Missing" data-when="idle">', urls, '')).toThrow('island Missing has no browser bundle');
  });

  it('refuses props that JSON cannot carry', () => {
    expect(() => serializeProps('X', { onClick: () => 1 })).toThrow('island X: prop props.onClick is a function; island props must be JSON data');
    expect(() => serializeProps('X', { when: new Date(0) })).toThrow('island X: prop props.when is a Date; island props must be JSON data');
    expect(serializeProps('X', { a: [1, { b: null }] })).toBe('{"a":[1,{"b":null}]}');
  });

  it('checks an object once, and still refuses what a new object holds beside one it has checked', () => {
    const menus = [{ label: 'Solutions', items: [{ href: '/overview' }] }];
    expect(serializeProps('Nav', { menus })).toBe(serializeProps('Nav', { menus }));
    expect(() => serializeProps('Nav', { menus, current: new Date(0) })).toThrow('island Nav: prop props.current is a Date; island props must be JSON data');
    expect(() => serializeProps('Nav', { menus: [...menus, { onClick: () => 1 }] })).toThrow('island Nav: prop props.menus.1.onClick is a function');
  });
});
