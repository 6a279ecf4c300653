import { View } from '@tarojs/components';
import Taro from '@tarojs/taro';
import { useMemo, useState } from 'react';
import AtImagePicker from 'taro-ui/lib/components/image-picker';
import { toast } from '../../platform/ui';
import { imageTypeOf, screenPick, UPLOAD_TEXTS } from '../../domain/upload';
import { createUploader, postObject, takeChosenCount, type PickedImage } from '../../platform/upload';
import { useStores } from '../../stores';
import './index.scss';

interface ImagePickerProps {
  /** Public URLs of the images uploaded so far (controlled). */
  value: string[];
  onChange(urls: string[]): void;
  /** Most images allowed (feedback: 6). */
  max: number;
  /** Hint under the grid, e.g. 最多上传6张. */
  hint?: string;
}

interface ChosenFile {
  url: string;
  file?: { path?: string; size?: number; type?: string; originalFileObj?: Blob & { name?: string; type?: string } };
}

/**
 * Pick and upload images (feedback now, after-sales evidence next): taro-ui's picker for choosing and showing,
 * each new image uploaded at once through platform/upload (§8 progress texts); what is shown is what is stored.
 */
export default function ImagePicker({ value, onChange, max, hint }: ImagePickerProps) {
  const { api } = useStores();
  const [busy, setBusy] = useState(false);
  const upload = useMemo(
    () =>
      createUploader({
        credentials: () => api.upload.credentials(),
        post: postObject,
        apiBase: USER_API_BASE,
        now: () => Date.now(),
        progress: (title) => void Taro.showLoading({ title, mask: true }),
        done: (text) => {
          void Taro.hideLoading();
          toast(text, text === UPLOAD_TEXTS.done ? 'success' : 'none');
        },
      }),
    [api],
  );

  async function handleChange(files: ChosenFile[], operation: 'add' | 'remove', index?: number) {
    if (operation === 'remove') {
      if (index !== undefined) onChange(value.filter((_, i) => i !== index));
      return;
    }
    // What the browser's dialog gave, read even when busy so a later pick does not see this one's count.
    const chosen = takeChosenCount();
    if (busy) return;
    const picked: PickedImage[] = files.slice(value.length).map((f) => ({
      path: f.url,
      file: f.file?.originalFileObj,
      // H5's tempFiles type is a kind ('image'), not a MIME type: the File's own type comes first.
      type: f.file?.originalFileObj?.type || f.file?.type,
    }));
    // A browser's file input takes any number of any files, and Taro hands over only those it could open as
    // images: what cannot go up is named, never silently dropped.
    const isImage = (p: PickedImage) => imageTypeOf(p.type, p.file?.name ?? p.path) !== null;
    const unreadable = chosen === null ? 0 : chosen - picked.length;
    const { accepted: images, notice } = screenPick(picked, max - value.length, max, isImage, unreadable);
    setBusy(true);
    try {
      // A notice with one button, not a confirmation (components/confirm asks before actions): the host's own dialog.
      if (notice)
        await Taro.showModal({
          title: UPLOAD_TEXTS.noticeTitle,
          content: notice,
          showCancel: false,
          confirmText: '知道了',
        }).catch(() => undefined);
      if (!images.length) return;
      const { urls } = await upload(images);
      onChange([...value, ...urls.filter((u): u is string => !!u)].slice(0, max));
    } catch (err) {
      void Taro.hideLoading();
      toast((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <View className="sf-image-picker">
      <AtImagePicker
        files={value.map((url) => ({ url }))}
        count={Math.max(1, max - value.length)}
        multiple
        // A phone browser's file input offers the camera itself; asking 拍摄 / 从相册选择 first would be one sheet too many.
        sourceType={process.env.TARO_ENV === 'h5' ? ['album'] : ['album', 'camera']}
        length={3}
        showAddBtn={value.length < max && !busy}
        onChange={(files: ChosenFile[], operation: string, index?: number) =>
          void handleChange(files, operation === 'remove' ? 'remove' : 'add', index)
        }
        onImageClick={(i: number) => void Taro.previewImage({ urls: value, current: value[i] }).catch(() => undefined)}
      />
      <View className="sf-image-picker__hint">
        {hint ?? `最多上传${max}张`}（{value.length}/{max}）
      </View>
    </View>
  );
}
