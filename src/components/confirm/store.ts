/**
 * The open question of the H5 dialog: one MobX store, answered by the dialog that PageShell renders on the page
 * that asked. Kept apart from the dialog so that code outside React (an action helper) can ask too.
 */
import { makeAutoObservable } from 'mobx';
import { question, type ConfirmOptions, type ConfirmQuestion } from './types';

export interface ConfirmRequest extends ConfirmQuestion {
  /** The page that asked ($taroPath): only its dialog shows it, not those of the pages kept under it. */
  page: string | undefined;
}

export class ConfirmStore {
  pending: ConfirmRequest | null = null;
  private resolve: ((yes: boolean) => void) | null = null;

  constructor() {
    makeAutoObservable<ConfirmStore, 'resolve'>(this, { resolve: false });
  }

  ask(options: ConfirmOptions, page: string | undefined): Promise<boolean> {
    // One question at a time: an unanswered one is taken as a no rather than left hanging.
    this.answer(false);
    this.pending = { ...question(options), page };
    return new Promise<boolean>((resolve) => {
      this.resolve = resolve;
    });
  }

  /** The first answer counts; a second tap on the closing dialog is ignored. */
  answer(yes: boolean): void {
    const resolve = this.resolve;
    this.resolve = null;
    this.pending = null;
    resolve?.(yes);
  }

  /** A page that goes away while its question is open (back on H5) has said no. */
  leave(page: string | undefined): void {
    if (this.pending && this.pending.page === page) this.answer(false);
  }
}

export const confirmStore = new ConfirmStore();
