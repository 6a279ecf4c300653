/**
 * The code being redeemed, handed from exchangeCenter to exchangeDetail in memory: a card secret never goes into
 * a page URL (which H5 keeps in the history and share links). Opening exchangeDetail without one goes back.
 */
import type { CardPreview } from '@contract/card';

let draft: { code: string; preview: CardPreview } | null = null;

export function setExchangeDraft(next: { code: string; preview: CardPreview } | null): void {
  draft = next;
}

export function exchangeDraft(): { code: string; preview: CardPreview } | null {
  return draft;
}
