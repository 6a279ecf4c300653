/**
 * Images the server serves (seed covers under /static/...). On H5 they share the page's origin; mini-programs
 * need the API's absolute base.
 */
export function assetUrl(path: string | null | undefined): string {
  if (!path) return '';
  if (/^(https?:)?\/\//.test(path) || path.startsWith('data:')) return path;
  return API_BASE + path;
}
