/** What `confirm()` asks, on every target (index.h5.tsx draws it, mini.tsx hands it to the host). */
export interface ConfirmOptions {
  /** Defaults to 提示, the title the hand-written dialogs used. */
  title?: string;
  content: string;
  /** Defaults to 确定. */
  confirmText?: string;
  /** Defaults to 取消. */
  cancelText?: string;
}

export type ConfirmQuestion = Required<ConfirmOptions>;

/** The question with the defaults filled in: the words the hand-written dialogs used. */
export const question = ({
  title = '提示',
  content,
  confirmText = '确定',
  cancelText = '取消',
}: ConfirmOptions): ConfirmQuestion => ({ title, content, confirmText, cancelText });

/** Asks before an action; resolves true when the visitor chose the confirm button. */
export type Confirm = (options: ConfirmOptions) => Promise<boolean>;
