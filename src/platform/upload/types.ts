/** One picked image, as the image picker hands it over: a local path (H5: a blob: URL) and, on H5, the File. */
export interface PickedImage {
  path: string;
  /** H5 only: the browser's File (Taro's chooseImage tempFiles[i].originalFileObj). */
  file?: Blob & { name?: string; type?: string };
  /** Declared MIME type when known. */
  type?: string;
}

/** Posts one PostObject form to the storage host; resolves with the HTTP status, rejects when nothing answered. */
export type PostObject = (host: string, fields: Record<string, string>, image: PickedImage) => Promise<number>;
