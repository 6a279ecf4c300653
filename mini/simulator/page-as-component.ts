/**
 * The simulator has no `Page()`: it registers custom components. A page is a component whose lifecycle
 * (onLoad, onShow, onReady, onUnload) and event handlers are its methods, as WeChat's own "page built with
 * Component" works; the host calls the lifecycle. Data is kept; nothing else of a page object reaches WeChat's
 * renderer (functions are methods, other values are lost when WeChat serialises the page object).
 */

export type PageOptions = Record<string, unknown> & { data?: Record<string, unknown> };

export function pageAsComponent(options: PageOptions): {
  data: Record<string, unknown>;
  methods: Record<string, unknown>;
} {
  const methods: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(options)) if (typeof value === 'function') methods[name] = value;
  return { data: options.data ?? {}, methods };
}
