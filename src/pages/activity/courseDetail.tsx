import { useRouter } from '@tarojs/taro';
import ActivityDetailScreen from '../../components/activity-detail';

/** §2 course detail (param actSn); the same screen as the activity detail, ordering through the course submit. */
export default function CourseDetail() {
  const { params } = useRouter();
  return <ActivityDetailScreen actSn={String(params.actSn || '')} />;
}
