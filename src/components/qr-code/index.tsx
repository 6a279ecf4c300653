import { Image, View } from '@tarojs/components';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { qrHint, QR_TEXTS } from '../../domain/qr';
import { saveDataUrlImage } from '../../platform/save-image';
import { toast } from '../../platform/ui';
import { useStores } from '../../stores';
import './index.scss';

interface QrCodeProps {
  /** What the code encodes (a follow link, a WeChat Work contact link). */
  text: string;
  /** File name when saved. */
  name: string;
  /** id on the image, for tests. */
  id?: string;
}

/** A QR code drawn by the server (/api/text2QrCode), with the platform's way to keep it (long-press, save). */
export default function QrCode({ text, name, id }: QrCodeProps) {
  const { api } = useStores();
  const [image, setImage] = useState('');
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    setImage('');
    setError('');
    api.service
      .qrCode(text)
      .then((r) => live && setImage(r.image))
      .catch((err) => live && setError(errorMessage(err, QR_TEXTS.loadFailed)));
    return () => {
      live = false;
    };
  }, [api, text]);

  async function save() {
    const message = await saveDataUrlImage(image, name);
    if (message) toast(message, message === QR_TEXTS.saved ? 'success' : 'none');
  }

  if (error) return <View className="sf-qr sf-qr__error">{error}</View>;
  return (
    <View className="sf-qr">
      {image ? (
        <Image id={id} className="sf-qr__image" src={image} showMenuByLongpress mode="aspectFit" />
      ) : (
        <View className="sf-qr__image sf-qr__placeholder" />
      )}
      <View className="sf-qr__hint">{qrHint(process.env.TARO_ENV)}</View>
      {image ? (
        <View className="sf-btn is-ghost sf-qr__save" onClick={() => void save()}>
          {QR_TEXTS.save}
        </View>
      ) : null}
    </View>
  );
}
