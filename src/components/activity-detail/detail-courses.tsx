import type { ActivityDetail } from '@contract/activity';
import { formatMoney } from '@contract/rules/money';
import Box from '../box';
import CourseLine from './course-line';

interface DetailCoursesProps {
  detail: ActivityDetail;
  /** The package 立即报名 orders. */
  chosenPackageSn: string | null;
  onChoosePackage: (packageSn: string) => void;
}

/** 课程 (a single course), 套餐 (packages to choose from, each with its courses) and 赠课 (gift courses). */
export default function DetailCourses({ detail: d, chosenPackageSn, onChoosePackage }: DetailCoursesProps) {
  return (
    <>
      {d.courseName && !d.isPackage ? (
        <Box className="sf-act__block">
          <Box className="sf-act__title">课程</Box>
          <CourseLine name={d.courseName} amount={d.courseAmount} cover={d.courseCover} />
        </Box>
      ) : null}

      {d.packages.length ? (
        <Box className="sf-act__block" id="act-packages">
          <Box className="sf-act__title">
            套餐{d.packages.length > 1 ? <Box className="sf-act__title-note">（点选要报名的套餐）</Box> : null}
          </Box>
          {d.packages.map((p) => (
            <Box
              key={p.packageSn}
              className={`sf-act__package ${p.packageSn === chosenPackageSn ? 'is-chosen' : ''}`}
              data-package-sn={p.packageSn}
              onClick={() => onChoosePackage(p.packageSn)}
            >
              <Box className="sf-act__package-head">
                <Box className={`sf-act__radio ${p.packageSn === chosenPackageSn ? 'is-on' : ''}`} />
                <Box className="sf-act__package-name">{p.packageName}</Box>
                <Box className="sf-price">{formatMoney(p.price)}</Box>
              </Box>
              {p.courses.map((c) => (
                <CourseLine key={c.courseSn} name={c.courseName} amount={c.courseAmount} cover={c.courseCover} />
              ))}
            </Box>
          ))}
        </Box>
      ) : null}

      {d.giftCourses.length ? (
        <Box className="sf-act__block" id="act-gifts">
          <Box className="sf-act__title">赠课{d.giftCourses.length > 1 ? `（${d.giftCourses.length}）` : ''}</Box>
          {d.giftCourses.map((c) => (
            <CourseLine key={c.courseSn} name={c.courseName} amount={c.courseAmount} struck />
          ))}
        </Box>
      ) : null}
    </>
  );
}
