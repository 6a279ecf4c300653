/**
 * How many files the customer chose in the browser's file dialog for the last image pick. Taro's H5 chooseImage
 * leaves out, without a word, any file it cannot open as an image (a PDF, a text file); comparing this count with
 * the images it hands over tells the picker how many were left out, so it can say so.
 */
// The file input Taro's chooseImage adds to the page (its mediaId).
const CHOOSER_ID = 'taroChooseImage';
let lastCount: number | null = null;

if (typeof document !== 'undefined' && typeof document.addEventListener === 'function') {
  // Capture phase: seen before Taro's own handler starts reading the files.
  document.addEventListener(
    'change',
    (e) => {
      const input = e.target as HTMLInputElement | null;
      if (input?.id === CHOOSER_ID) lastCount = input.files?.length ?? 0;
    },
    true,
  );
}

/** The count of the last pick, once (null when there was none since the last call). */
export function takeChosenCount(): number | null {
  const n = lastCount;
  lastCount = null;
  return n;
}
