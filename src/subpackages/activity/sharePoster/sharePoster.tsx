import { useRouter } from '@tarojs/taro';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import SharePoster from '../../../components/share-poster';
import { MISSING_ACT_SN } from '../../../domain/catalogue';
import { decodeParam } from '../../../domain/routes';
import { switchToTab } from '../../../platform/navigation';

/** A detail page's share poster (param actSn), in the activity sub-package: the main package carries only its entry. */
export default function SharePosterPage() {
  const { params } = useRouter();
  const actSn = decodeParam(params.actSn);
  return (
    <PageShell className="sf-poster-page">
      {actSn ? (
        <SharePoster actSn={actSn} />
      ) : (
        <EmptyView text={MISSING_ACT_SN} actionText="返回首页" onAction={() => void switchToTab(0)} />
      )}
    </PageShell>
  );
}
