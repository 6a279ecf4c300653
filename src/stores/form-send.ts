/**
 * The two things every hand-written form page does the same way (they were written out per page):
 * - bind a text input to a field of the page's local observable, so each keystroke lands in the store;
 * - send: refuse a second tap while one is on its way, name the first problem (the page keeps what was typed),
 *   and show the server's own message when it refuses, or the page's fallback when the request itself failed.
 */
import { runInAction } from 'mobx';
import { errorMessage } from '../api/error-message';
import { toast } from '../platform/ui';

type TextKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];

/** `{...bindText(form, 'realName')}` on an Input or Textarea: value from the store, every keystroke into it. */
export function bindText<T extends object, K extends TextKeys<T>>(form: T, key: K) {
  return {
    value: form[key] as unknown as string,
    onInput: (e: { detail: { value: string } }) =>
      runInAction(() => {
        (form as Record<K, unknown>)[key] = e.detail.value;
      }),
  };
}

/** The same for taro-ui's AtInput, which hands over the new value itself: `{...bindValue(form, 'cardNo')}`. */
export function bindValue<T extends object, K extends TextKeys<T>>(form: T, key: K) {
  return {
    value: form[key] as unknown as string,
    onChange: (value: string | number) =>
      runInAction(() => {
        (form as Record<K, unknown>)[key] = String(value);
      }),
  };
}

/** What a page's send needs to know: whether one is on its way and, if it shows one, the error under the form. */
export interface SendingState {
  sending: boolean;
  error?: string;
}

export interface SendOptions {
  /** The first problem found before sending (in the spec's words), or null when the form may be sent. */
  problem: string | null;
  /** Shown when the request failed without a message of the server's own. */
  fallback: string;
  run: () => Promise<void>;
}

/** Runs one send of a form; answers whether it went through. */
export async function sendForm(state: SendingState, { problem, fallback, run }: SendOptions): Promise<boolean> {
  if (state.sending) return false;
  const showsError = 'error' in state;
  if (showsError) runInAction(() => (state.error = problem ?? ''));
  if (problem) {
    toast(problem);
    return false;
  }
  runInAction(() => (state.sending = true));
  try {
    await run();
    return true;
  } catch (err) {
    const message = errorMessage(err, fallback);
    if (showsError) runInAction(() => (state.error = message));
    toast(message);
    return false;
  } finally {
    runInAction(() => (state.sending = false));
  }
}
