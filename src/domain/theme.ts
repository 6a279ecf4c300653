/** Themes of §1/§9, chosen by projectEnum. Values become CSS variables on each page root. */
import type { ProjectEnum } from '@contract/entrance';

export type ThemeName = 'default' | 'course' | 'integral' | 'authentication';

export const THEME_PRIMARY: Record<ThemeName, string> = {
  default: '#fbdb00',
  course: '#1FD381',
  integral: '#E6A05B',
  authentication: '#2C68FF',
};

/** Text drawn on the primary colour: dark on the light yellow, white on the others. */
const ON_PRIMARY: Record<ThemeName, string> = {
  default: '#333333',
  course: '#ffffff',
  integral: '#ffffff',
  authentication: '#ffffff',
};

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

export function themeVars(name: ThemeName): Record<string, string> {
  return { '--sf-primary': THEME_PRIMARY[name], '--sf-on-primary': ON_PRIMARY[name] };
}

/** The same variables as an inline style string (mini-programs take style as text). */
export function themeStyle(name: ThemeName): string {
  const vars = themeVars(name);
  return Object.keys(vars)
    .map((k) => `${k}:${vars[k]}`)
    .join(';');
}
