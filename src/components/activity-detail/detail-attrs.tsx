import type { ActivityDetail } from '@contract/activity';
import { formatMoney } from '@contract/rules/money';
import { integralCarrier, payingCarrier } from '@contract/rules/integral';
import type { SpecAttr } from '../../api/activity';
import Box from '../box';
import DetailRow from './detail-row';

interface DetailAttrsProps {
  detail: ActivityDetail;
  /** The spec-attrs answer (asked for with the item). */
  attrs: readonly SpecAttr[];
  /** 查询 › on a points item: opens the 积分查询 popup. */
  onQueryIntegral: () => void;
}

/** The attribute rows: spec attributes, adult-exam school and major, subject fees, the points package. */
export default function DetailAttrs({ detail: d, attrs, onQueryIntegral }: DetailAttrsProps) {
  const integral = d.integralPackage;
  const subjects = d.subjectCharge !== null && d.subjectsNum ? { charge: d.subjectCharge, num: d.subjectsNum } : null;
  if (!attrs.length && !d.adultExamination && !subjects && !integral) return null;
  return (
    <Box className="sf-act__block" id="act-attrs">
      {attrs.map((a) => (
        <DetailRow key={a.name} label={a.name}>
          {a.value}
        </DetailRow>
      ))}
      {d.adultExamination ? (
        <>
          <DetailRow label="院校">{d.adultExamination.schoolName}</DetailRow>
          <DetailRow label="层次">{d.adultExamination.majorLevelStr}</DetailRow>
          <DetailRow label="专业">{d.adultExamination.majorName}</DetailRow>
        </>
      ) : null}
      {subjects ? (
        <DetailRow label="科目费用">
          {formatMoney(subjects.charge)} × {subjects.num}科 = {formatMoney(subjects.charge * subjects.num)}
        </DetailRow>
      ) : null}
      {integral ? (
        <DetailRow label="积分">
          {[
            integralCarrier(payingCarrier(integral)).label,
            `最高可用${integral.maxIntegral}${integralCarrier(payingCarrier(integral)).suffix}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </DetailRow>
      ) : null}
      {integral ? (
        <DetailRow label="积分查询">
          <Box id="act-integral-query" onClick={onQueryIntegral}>
            查询 ›
          </Box>
        </DetailRow>
      ) : null}
    </Box>
  );
}
