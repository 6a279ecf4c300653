/** The share poster of a detail page as page state: drawn once the page is up, drawn again on 重新生成, saved. */
import { runInAction } from 'mobx';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { signUrl } from '../../domain/share';
import { ownOrigin } from '../../platform/origin';
import { toast } from '../../platform/ui';
import { useStores } from '../../stores';
import { createPosterCanvas } from './canvas';
import { drawPoster, type DrawnPoster } from './draw';
import { POSTER_TEXTS } from './layout';
import { albumResultText, saveToAlbum } from './save-album';

export function useSharePoster(actSn: string) {
  const { api, session } = useStores();
  const [poster, setPoster] = useState<DrawnPoster | null>(null);
  const [error, setError] = useState('');
  const drawing = useRef(false);

  const draw = useCallback(async () => {
    if (drawing.current) return;
    drawing.current = true;
    setError('');
    try {
      const base = process.env.TARO_ENV === 'h5' ? signUrl(window.location.href) : `${ownOrigin()}/`;
      const drawn = await drawPoster(
        api,
        actSn,
        {
          base,
          projectSn: session.projectSn,
          store: session.projectName,
          // As a shared link does: a promoter's poster earns them the orders placed through it.
          promoterCode: session.isEarner && session.promoterCode ? session.promoterCode : undefined,
        },
        createPosterCanvas(),
      );
      setPoster(drawn);
      // §3 session sharePoster: what the last poster carried. Never the image: a data URL would fill the storage.
      runInAction(() => (session.sharePoster = { actSn, link: drawn.link, title: drawn.actName }));
    } catch (err) {
      setError(errorMessage(err, POSTER_TEXTS.failed));
    } finally {
      drawing.current = false;
    }
  }, [api, session, actSn]);

  useEffect(() => {
    void draw();
  }, [draw]);

  const save = useCallback(async () => {
    if (!poster) return;
    const result = await saveToAlbum(poster.image);
    toast(albumResultText(result), result === 'saved' ? 'success' : 'none');
  }, [poster]);

  return { image: poster?.image ?? '', link: poster?.link ?? '', error, retry: draw, save };
}
