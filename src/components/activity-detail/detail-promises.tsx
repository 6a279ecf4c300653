import type { ActivityDetail } from '@contract/activity';
import { promiseTags } from '../../domain/catalogue';
import Box from '../box';

interface DetailPromisesProps {
  detail: ActivityDetail;
}

/** The refund and hold tags (§3 refund tag map, hold types), ✓ or ✕; nothing when the item has none. */
export default function DetailPromises({ detail: d }: DetailPromisesProps) {
  const promises = promiseTags(d.refundTags, d.holdTypes);
  if (!promises.length) return null;
  return (
    <Box className="sf-act__block sf-act__promises" id="act-promises">
      {promises.map((t) => (
        <Box key={t.text} className={`sf-act__promise ${t.negative ? 'is-negative' : ''}`}>
          <Box className="sf-act__mark">{t.negative ? '✕' : '✓'}</Box>
          {t.text}
        </Box>
      ))}
    </Box>
  );
}
