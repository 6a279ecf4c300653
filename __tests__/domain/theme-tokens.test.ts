import { readFileSync } from 'fs';
import { join } from 'path';
import { NEUTRAL_COLOURS, THEME_PRIMARY, contrastRatio, themeVars, type ThemeName } from '../../src/domain/theme';

const THEMES = Object.keys(THEME_PRIMARY) as ThemeName[];
const AA = 4.5;

describe('design tokens', () => {
  test('every colour variable tokens.scss names is set by every theme (one source of values)', () => {
    const scss = readFileSync(join(__dirname, '../../src/styles/tokens.scss'), 'utf8');
    const named = Array.from(scss.matchAll(/var\((--sf-[a-z0-9-]+)\)/g), (m) => m[1]);
    expect(named.length).toBeGreaterThan(10);
    for (const theme of THEMES) {
      const vars = themeVars(theme);
      for (const name of named) expect({ theme, name, set: name in vars }).toEqual({ theme, name, set: true });
    }
  });

  test.each(THEMES)(
    '%s: primary text passes AA on white, the page grey and its tint; text on the fill passes AA',
    (theme) => {
      const v = themeVars(theme);
      for (const bg of [v['--sf-card-bg'], v['--sf-page-bg'], v['--sf-primary-soft']]) {
        expect(contrastRatio(v['--sf-primary-text'], bg)).toBeGreaterThanOrEqual(AA);
      }
      expect(contrastRatio(v['--sf-on-primary'], v['--sf-primary'])).toBeGreaterThanOrEqual(AA);
    },
  );

  test.each(THEMES)('%s: links wear the theme, not one blue for every store, and pass AA', (theme) => {
    const v = themeVars(theme);
    expect(v['--sf-link']).toBe(v['--sf-primary-text']);
    for (const bg of [v['--sf-card-bg'], v['--sf-page-bg'], v['--sf-fill']]) {
      expect(contrastRatio(v['--sf-link'], bg)).toBeGreaterThanOrEqual(AA);
    }
  });

  test('greys, price and warning text pass AA on white and on the page grey', () => {
    const n = NEUTRAL_COLOURS;
    for (const fg of [n['--sf-text'], n['--sf-text-2'], n['--sf-text-3'], n['--sf-price'], n['--sf-success']]) {
      for (const bg of [n['--sf-card-bg'], n['--sf-page-bg'], n['--sf-fill']]) {
        expect({ fg, bg, ok: contrastRatio(fg, bg) >= AA }).toEqual({ fg, bg, ok: true });
      }
    }
    expect(contrastRatio(n['--sf-warning'], n['--sf-warning-bg'])).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(n['--sf-price'], n['--sf-price-soft'])).toBeGreaterThanOrEqual(AA);
  });

  test('contrast ratio matches WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});
