import { useRouter } from '@tarojs/taro';
import ActivityDetailScreen from '../../components/activity-detail';

/** §2 activity detail (param actSn). */
export default function ActivityDetail() {
  const { params } = useRouter();
  return <ActivityDetailScreen actSn={String(params.actSn || '')} />;
}
