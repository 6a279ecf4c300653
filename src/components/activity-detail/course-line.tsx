import { Image } from '@tarojs/components';
import { formatMoney } from '@contract/rules/money';
import { assetUrl } from '../../api/asset';
import { imgAlt } from '../../platform/a11y';
import Box from '../box';

interface CourseLineProps {
  name: string;
  /** Fen; null shows no amount. */
  amount: number | null;
  /** The course's picture, when it has one. */
  cover?: string | null;
  /** Gift courses show their value struck through. */
  struck?: boolean;
}

/** One course of the course, package or gift block: picture, name and amount. */
export default function CourseLine({ name, amount, cover, struck = false }: CourseLineProps) {
  return (
    <Box className="sf-act__course">
      {cover ? (
        <Image className="sf-act__course-cover" src={assetUrl(cover)} mode="aspectFill" {...imgAlt('')} />
      ) : null}
      <Box className="sf-act__course-name">{name}</Box>
      {amount !== null ? (
        <Box className={`sf-act__course-amount${struck ? ' sf-act__struck' : ''}`}>{formatMoney(amount)}</Box>
      ) : null}
    </Box>
  );
}
