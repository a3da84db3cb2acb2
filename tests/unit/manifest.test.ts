import { describe, expect, it } from 'vitest';
import { cssClosure, type Manifest } from '../../src/server/http/manifest';

describe('cssClosure', () => {
  it('lists a chunk’s imports’ stylesheets before its own, each once, as Vite’s preload helper adds them', () => {
    const manifest: Manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, css: ['assets/index.css'] },
      _Input: { file: 'assets/Input.js', imports: ['index.html'], css: ['assets/Input.css'] },
      _Combobox: { file: 'assets/Combobox.js', imports: ['_Input'], css: ['assets/Combobox.css'] },
      'Search.tsx': { file: 'assets/Search.js', isDynamicEntry: true, imports: ['index.html', '_Input', '_Combobox'], css: ['assets/Search.css'] },
    };
    expect(cssClosure(manifest, 'Search.tsx')).toEqual(['assets/index.css', 'assets/Input.css', 'assets/Combobox.css', 'assets/Search.css']);
  });

  it('names a chunk the manifest does not list', () => {
    expect(() => cssClosure({ 'a.tsx': { file: 'a.js', imports: ['_gone'] } }, 'a.tsx')).toThrow(/_gone/);
  });
});
