import { describe, expect, it } from 'vitest';
import { outputPathForRoute, routeForOutputPath } from '../../src/routes/outputPath.ts';

describe('route to file mapping', () => {
  it('writes every route as a folder index so it answers at its clean URL', () => {
    expect(outputPathForRoute('/')).toBe('index.html');
    expect(outputPathForRoute('/about')).toBe('about/index.html');
    expect(outputPathForRoute('/articles/value-banks')).toBe('articles/value-banks/index.html');
  });

  it('maps files back to routes', () => {
    expect(routeForOutputPath('index.html')).toBe('/');
    expect(routeForOutputPath('articles/value-banks/index.html')).toBe('/articles/value-banks');
    expect(routeForOutputPath('404.html')).toBeUndefined();
    expect(routeForOutputPath('assets/site.css')).toBeUndefined();
  });

  it('rejects paths that could escape the output folder', () => {
    expect(() => outputPathForRoute('/../etc')).toThrow(/not a clean path/);
    expect(() => outputPathForRoute('about')).toThrow(/must start with/);
  });
});
