/** Re-exports the theme table so pages import themes from one place (DESIGN.md §2 theme/). */
export { THEME_PRIMARY, themeFor, themeStyle, themeVars, type ThemeName } from '../domain/theme';
