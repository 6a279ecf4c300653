import { RichText, View } from '@tarojs/components';
import { useMemo } from 'react';
import { assetUrl } from '../../api/asset';
import { MESSAGES } from '../../domain/errors';
import { isBlankHtml, sanitizeHtml } from '@contract/rules/rich-text';
import './index.scss';

interface RichTextViewProps {
  /** HTML as the server sends it; it is sanitised here (contract/rules/rich-text) before it is shown. */
  html: string | null | undefined;
  /** Text when there is nothing to show; defaults to 内容为空 (§8). */
  emptyText?: string;
  className?: string;
}

// Server paths ("/static/...") need the API's origin in a mini-program; other addresses stay as they are.
const resolveUrl = (url: string): string => (url.startsWith('/') && !url.startsWith('//') ? assetUrl(url) : url);

/** The §2 rich-text renderer: sanitised HTML, images under 60 px dropped, wide images fitted to the screen. */
export default function RichTextView({ html, emptyText = MESSAGES.emptyContent, className }: RichTextViewProps) {
  // topHeading 2: the page title is the h1 (page-header), so the content's own headings start below it.
  const nodes = useMemo(() => sanitizeHtml(html, { resolveUrl, fitImages: true, topHeading: 2 }), [html]);
  if (isBlankHtml(nodes)) return <View className={`sf-rich sf-rich--empty ${className || ''}`}>{emptyText}</View>;
  return <RichText className={`sf-rich ${className || ''}`} nodes={nodes} />;
}
