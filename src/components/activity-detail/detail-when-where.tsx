import type { ActivityDetail } from '@contract/activity';
import { ROUTES } from '../../domain/routes';
import { openPage } from '../../platform/navigation';
import Box from '../box';
import DetailRow from './detail-row';

interface DetailWhenWhereProps {
  detail: ActivityDetail;
}

/** 活动时间 and 活动地点, each when the item has one; the place opens on a map. */
export default function DetailWhenWhere({ detail: d }: DetailWhenWhereProps) {
  const place = d.place;
  return (
    <>
      {d.schedule ? (
        <Box className="sf-act__block" id="act-schedule">
          <DetailRow label="活动时间">{d.schedule}</DetailRow>
        </Box>
      ) : null}
      {place ? (
        // The venue opens the §2 system page /open-location (a sub-package page; the query is the place as it is).
        <Box className="sf-act__block" id="act-place" onClick={() => void openPage(ROUTES.openLocation, { ...place })}>
          <DetailRow label="活动地点">{`${place.name || place.address} ›`}</DetailRow>
        </Box>
      ) : null}
    </>
  );
}
