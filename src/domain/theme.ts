/**
 * Colour tokens of §1/§9: the one place their values live. page-shell puts them on each page root as CSS
 * variables (themeStyle); src/styles/tokens.scss names those variables for the stylesheets, so a stylesheet never
 * writes a colour of its own. Non-colour scales (spacing, radii, type, shadows) live in tokens.scss.
 */
import type { ProjectEnum } from '@contract/entrance';

export type ThemeName = 'default' | 'course' | 'integral' | 'authentication';

/** §9's primaries: fills (buttons, active tab lines, badges), never small text on white. */
export const THEME_PRIMARY: Record<ThemeName, string> = {
  default: '#fbdb00',
  course: '#1FD381',
  integral: '#E6A05B',
  authentication: '#2C68FF',
};

interface ThemeColours {
  /** The primary darkened until text in it passes WCAG AA (4.5:1) on white and on the page grey. */
  primaryText: string;
  /** Text drawn on the primary fill (AA on it). White fails on the yellow, green and orange, so those get ink. */
  onPrimary: string;
  /** A pale tint of the primary for selected rows, tags and the profile header's wash. */
  primarySoft: string;
}

const THEME_COLOURS: Record<ThemeName, ThemeColours> = {
  default: { primaryText: '#7a6300', onPrimary: '#1a1a1a', primarySoft: '#fff8cc' },
  course: { primaryText: '#0b7a47', onPrimary: '#1a1a1a', primarySoft: '#e4f9ef' },
  integral: { primaryText: '#9a5a1a', onPrimary: '#1a1a1a', primarySoft: '#fbf0e4' },
  authentication: { primaryText: '#1f56e0', onPrimary: '#ffffff', primarySoft: '#e8efff' },
};

/**
 * Colours shared by every theme. Greys are chosen to pass AA on both the card white and the page grey
 * (the old #999 did not: 2.8:1).
 */
export const NEUTRAL_COLOURS = {
  '--sf-text': '#1a1a1a',
  '--sf-text-2': '#4d4d4d',
  '--sf-text-3': '#6b6b6b',
  '--sf-page-bg': '#f5f5f5',
  '--sf-card-bg': '#ffffff',
  '--sf-border': '#ebebeb',
  '--sf-fill': '#f2f2f2',
  '--sf-price': '#cc1f0a',
  '--sf-price-soft': '#fff1ee',
  '--sf-success': '#0b7a47',
  '--sf-warning-bg': '#fff4e5',
  '--sf-warning': '#8a4b00',
  '--sf-mask': 'rgba(0, 0, 0, 0.5)',
} as const;

export function themeFor(projectEnum: ProjectEnum | string | null | undefined): ThemeName {
  switch (projectEnum) {
    case 'BENEFIT_PEOPLE_APPLE':
      return 'course';
    case 'INTEGRAL_APPLE':
      return 'integral';
    case 'AUTHENTICATION_APPLE':
      return 'authentication';
    default:
      return 'default';
  }
}

/** Colour for small text and icons in the primary on white (the selected tab title): AA where the primary is not. */
export function primaryTextColour(name: ThemeName): string {
  return THEME_COLOURS[name].primaryText;
}

/** Every colour variable of a theme (what tokens.scss may name). */
export function themeVars(name: ThemeName): Record<string, string> {
  const c = THEME_COLOURS[name];
  return {
    '--sf-primary': THEME_PRIMARY[name],
    '--sf-primary-text': c.primaryText,
    '--sf-on-primary': c.onPrimary,
    '--sf-primary-soft': c.primarySoft,
    // Links wear the theme (a fixed blue read as a foreign colour on the yellow, green and orange stores); the
    // primary's text shade, as it passes AA where the primary itself does not.
    '--sf-link': c.primaryText,
    ...NEUTRAL_COLOURS,
  };
}

/** The same variables as an inline style string (mini-programs take style as text). */
export function themeStyle(name: ThemeName): string {
  const vars = themeVars(name);
  return Object.keys(vars)
    .map((k) => `${k}:${vars[k]}`)
    .join(';');
}

/** WCAG 2 contrast ratio of two #rrggbb colours (1..21); the theme tests hold every pairing to AA with it. */
export function contrastRatio(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function luminance(hex: string): number {
  const n = parseInt(hex.replace('#', ''), 16);
  const channels = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
  });
  return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2];
}
